import { describe, expect, it } from 'vitest';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import { parseConfig } from '../../config';
import { solveCaptcha } from '../../test/captcha';
import { createTestApp, type TestClient } from '../../test/test-app';
import type { ErrorBody } from './auth-test-support';

/** What the proxy in front of the portal sends: whatever the client wrote, then the address it saw. */
const forwardedFor = (attempt: number) => ({ 'x-forwarded-for': `10.${attempt % 250}.0.${attempt % 200}, 203.0.113.7` });

async function failedLogin(client: TestClient, attempt: number) {
  const response = await client.postForm(
    '/apis/auth/login',
    { identity: `nobody${attempt}@example.com`, password: encodePasswordForTransport('Wrong0password'), captcha: await solveCaptcha(client), scope: 'organizer' },
    { headers: forwardedFor(attempt) },
  );
  return ((await response.json()) as ErrorBody).code;
}

describe('client address behind a proxy', () => {
  it.each([
    ['a hop count', '1'],
    ['the proxy’s address', '127.0.0.1'],
    ['the proxy’s range', '127.0.0.0/8, ::1'],
  ])('per-address limits hold against a rotating X-Forwarded-For (TRUST_PROXY as %s)', async (_name, trustProxy) => {
    const app = await createTestApp({ TRUST_PROXY: trustProxy, IP_MAX_FAILURES: '3', LOGIN_MAX_FAILURES: '100', CODE_IP_HOURLY_LIMIT: '2' });
    try {
      const client = app.client();
      const codes = [];
      for (let attempt = 0; attempt < 4; attempt++) codes.push(await failedLogin(client, attempt));
      expect(codes).toEqual(['AUTH_NOT_REGISTERED', 'AUTH_NOT_REGISTERED', 'AUTH_NOT_REGISTERED', 'AUTH_TOO_MANY_ATTEMPTS']);
      const sends = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await client.postForm(
          '/apis/auth/code',
          { identity: `new${attempt}@example.com`, purpose: 'register', scope: 'audience', captcha: await solveCaptcha(client) },
          { headers: forwardedFor(attempt) },
        );
        sends.push(response.status);
      }
      expect(sends).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('refuses TRUST_PROXY=true (it believes what the client writes) and bad addresses', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*number of proxies/);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY/);
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });
});
