import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { createAccount } from '../../test/factories';
import { solveCaptcha } from '../../test/captcha';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resolveAppSecret, SECRET_FILE } from './app-secret';
import { advanceClock, postPasswordLogin, type ErrorBody } from './auth-test-support';

let app: TestApp;
let organizer: { identity: string; password: string };
beforeAll(async () => {
  app = await createTestApp({ CAPTCHA_TTL_SECONDS: '120' });
  const { account, password } = await createAccount(app, 'organizer');
  organizer = { identity: account.email ?? '', password };
});
afterAll(() => app?.close());

async function loginWithCaptcha(captcha: string) {
  const response = await postPasswordLogin(app.client(), { ...organizer, scope: 'organizer', captcha });
  return { status: response.status, code: response.status === 200 ? undefined : ((await response.json()) as ErrorBody).code };
}

describe('GET /apis/auth/captcha', () => {
  it('serves an ALTCHA challenge the widget can read, never cached', async () => {
    const response = await app.client().fetch('/apis/auth/captcha');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = (await response.json()) as Record<string, unknown>;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.salt).toMatch(/\?expires=\d+&$/);
  });

  it('accepts a solution once', async () => {
    const captcha = await solveCaptcha(app.client());
    expect(await loginWithCaptcha(captcha)).toEqual({ status: 200, code: undefined });
    expect(await loginWithCaptcha(captcha)).toEqual({ status: 400, code: 'AUTH_CAPTCHA_INVALID' });
  });

  it('accepts what the altcha 2.x widget submits, including its extra fields', async () => {
    const captcha = await solveCaptcha(app.client());
    const payload = JSON.parse(Buffer.from(captcha, 'base64').toString()) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature', 'took']);
    expect(await loginWithCaptcha(captcha)).toMatchObject({ status: 200 });
  });

  it('refuses an expired solution', async () => {
    const captcha = await solveCaptcha(app.client());
    advanceClock(app, 121_000);
    expect(await loginWithCaptcha(captcha)).toEqual({ status: 400, code: 'AUTH_CAPTCHA_INVALID' });
  });

  it('refuses a wrong number, a challenge signed with another key, and garbage', async () => {
    const captcha = await solveCaptcha(app.client());
    const payload = JSON.parse(Buffer.from(captcha, 'base64').toString()) as { number: number };
    const tampered = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString('base64');
    expect(await loginWithCaptcha(tampered)).toMatchObject({ code: 'AUTH_CAPTCHA_INVALID' });

    const foreign = await createChallenge({ hmacKey: 'someone-else', maxNumber: 100, expires: new Date(Date.now() + 600_000) });
    const solution = await solveChallenge(foreign.challenge, foreign.salt, foreign.algorithm, foreign.maxnumber).promise;
    const forged = Buffer.from(JSON.stringify({ ...foreign, number: solution?.number })).toString('base64');
    expect(await loginWithCaptcha(forged)).toMatchObject({ code: 'AUTH_CAPTCHA_INVALID' });

    for (const garbage of ['', 'x', Buffer.from('{"algorithm":"MD5"}').toString('base64')]) {
      expect(await loginWithCaptcha(garbage)).toMatchObject({ code: 'AUTH_CAPTCHA_INVALID' });
    }
  });
});

describe('resolveAppSecret', () => {
  it('uses APP_SECRET when set, else generates one secret per data folder, readable by its owner only', () => {
    expect(resolveAppSecret({ APP_SECRET: 'configured-secret', DATA_DIR: '/nonexistent' })).toBe('configured-secret');
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-secret-'));
    try {
      const first = resolveAppSecret({ APP_SECRET: undefined, DATA_DIR: dataDir });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveAppSecret({ APP_SECRET: undefined, DATA_DIR: dataDir })).toBe(first);
      expect(readFileSync(join(dataDir, SECRET_FILE), 'utf8')).toBe(first);
      expect(statSync(join(dataDir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
