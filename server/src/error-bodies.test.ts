import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';
import { advanceClock, postPasswordLogin, requestCode, type ErrorBody } from './modules/auth/auth-test-support';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ LOGIN_MAX_FAILURES: '2', CODE_IP_HOURLY_LIMIT: '1000' });
});
afterAll(() => app?.close());

const SHAPE = { message: expect.any(String), reason: expect.any(String), code: expect.any(String) };

/** A raw request (fetch refuses a 60 KB header before sending it). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string; contentType: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${app.baseUrl}${path}`, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, contentType: response.headers['content-type'] }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('every error answer has the portal’s shape and status', () => {
  it('a text/plain POST to GraphQL: 415 with {message, reason, code}', async () => {
    const response = await app.client({ locale: 'zh-CN' }).fetch('/apis/core/graphql', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: '该地址不接受此类型的请求内容', reason: 'BAD_REQUEST', code: 'UNSUPPORTED_MEDIA_TYPE' });
    const xml = await app.client().fetch('/apis/auth/login', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<x/>' });
    expect({ status: xml.status, body: await xml.json() }).toEqual({ status: 415, body: { ...SHAPE, code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('a 60 KB cookie: 431 with {message, reason, code}', async () => {
    const answer = await rawGet('/apis/health', { cookie: `big=${'x'.repeat(60 * 1024)}` });
    expect(answer.status).toBe(431);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ ...SHAPE, code: 'REQUEST_HEADERS_TOO_LARGE', message: "The request headers are too large, please clear this site's cookies and try again" });
  });

  it('"wait before asking again" is a 429 with Retry-After', async () => {
    const { account } = await createAccount(app, 'audience');
    const mobile = account.mobile ?? '';
    expect((await requestCode(app.client(), mobile)).status).toBe(200);
    const tooSoon = await requestCode(app.client(), mobile);
    expect(tooSoon.status).toBe(429);
    expect(((await tooSoon.json()) as ErrorBody).code).toBe('AUTH_CODE_TOO_SOON');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The recipient's hourly cap.
    for (let sent = 2; sent <= 5; sent++) {
      advanceClock(app, 61_000);
      expect((await requestCode(app.client(), mobile)).status).toBe(200);
    }
    advanceClock(app, 61_000);
    const capped = await requestCode(app.client(), mobile);
    expect(capped.status).toBe(429);
    expect(((await capped.json()) as ErrorBody).code).toBe('AUTH_CODE_LIMIT_REACHED');
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(capped.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  });

  it('a sign-in lock is a 429 with Retry-After', async () => {
    const { account, password } = await createAccount(app, 'organizer');
    const identity = account.email ?? '';
    for (let attempt = 0; attempt < 2; attempt++) await postPasswordLogin(app.client(), { identity, password: 'Wrong0password', scope: 'organizer' });
    const locked = await postPasswordLogin(app.client(), { identity, password, scope: 'organizer' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  });
});
