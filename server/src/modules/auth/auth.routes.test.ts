import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import type { Scope } from '@portal/shared/auth/scopes';
import { auditLog } from '../../db/schema/index';
import { createAccount } from '../../test/factories';
import { loginAs, solveCaptcha } from '../../test/captcha';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { SESSION_COOKIE } from './session-cookie';
import { postPasswordLogin, type ErrorBody } from './auth-test-support';

const VIEWER = '{ viewer { __typename ... on Ouser { id loginCount lastLoginDate } ... on User { id loginCount } ... on Xuser { id loginCount } } }';

let app: TestApp;
beforeAll(async () => {
  // Many failures from one address and identity on purpose: the throttles are tested apart, below.
  app = await createTestApp({ LOGIN_MAX_FAILURES: '1000', IP_MAX_FAILURES: '10000' });
});
afterAll(() => app?.close());

function identityOf(account: { email: string | null; mobile: string | null }) {
  const identity = account.email ?? account.mobile;
  if (!identity) throw new Error('account without identity');
  return identity;
}

async function expectError(response: Response, status: number, code: string, message: string) {
  const body = (await response.json()) as ErrorBody;
  expect({ status: response.status, code: body.code, message: body.message }).toEqual({ status, code, message });
}

describe('POST /apis/auth/login with a password', () => {
  it.each([
    ['organizer', 'Ouser'],
    ['audience', 'User'],
    ['exhibitor', 'Xuser'],
  ] as const)('signs a %s in, records the login and the viewer is a %s', async (scope, typename) => {
    const { account, password } = await createAccount(app, scope);
    const client = app.client();
    const response = await postPasswordLogin(client, { identity: identityOf(account), password, scope });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ scope });
    expect(client.cookies.get(SESSION_COOKIE)).toBeTruthy();

    const { body } = await client.graphql<{ viewer: { __typename: string; id: string; loginCount: number } }>(VIEWER);
    expect(body.data?.viewer).toMatchObject({ __typename: typename, id: account.id, loginCount: 1 });

    const audit = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.actorId, account.id));
    expect(audit.map((entry) => entry.action)).toContain('auth.login');
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it('accepts an 11-digit mainland mobile without +86', async () => {
    const { account, password } = await createAccount(app, 'audience');
    const mobile = identityOf(account).replace('+86', '');
    const response = await postPasswordLogin(app.client(), { identity: mobile, password, scope: 'audience' });
    expect(response.status).toBe(200);
  });

  it('rotates the session: the cookie held before the login no longer works', async () => {
    const { account, password } = await createAccount(app, 'organizer');
    const client = app.client();
    await loginAs(client, identityOf(account), password, 'organizer');
    const firstSession = client.cookies.get(SESSION_COOKIE);
    await loginAs(client, identityOf(account), password, 'organizer');
    const secondSession = client.cookies.get(SESSION_COOKIE);
    expect(secondSession).toBeTruthy();
    expect(secondSession).not.toBe(firstSession);

    const stale = app.client();
    stale.cookies.set(SESSION_COOKIE, firstSession ?? '');
    const { body } = await stale.graphql(VIEWER);
    expect(body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
    expect((await client.graphql(VIEWER)).body.data).toBeTruthy();
  });

  it('logout ends the session: the cookie no longer works', async () => {
    const { account, password } = await createAccount(app, 'exhibitor');
    const client = app.client();
    await loginAs(client, identityOf(account), password, 'exhibitor');
    const session = client.cookies.get(SESSION_COOKIE) ?? '';
    const response = await client.fetch('/apis/auth/logout', { method: 'POST' });
    expect(response.status).toBe(204);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    const replay = app.client();
    replay.cookies.set(SESSION_COOKIE, session);
    const { body } = await replay.graphql(VIEWER);
    expect(body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
  });

  it('refuses a cross-site form post without the client header (CSRF)', async () => {
    const { account, password } = await createAccount(app, 'organizer');
    const client = app.client();
    const response = await client.postForm(
      '/apis/auth/login',
      { identity: identityOf(account), password: encodePasswordForTransport(password), captcha: await solveCaptcha(client), scope: 'organizer' },
      { csrf: false },
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).code).toBe('CSRF_REJECTED');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  });
});

describe('POST /apis/auth/login failures, in both languages (SPEC 8)', () => {
  const MESSAGES = {
    AUTH_INVALID_EMAIL: { 'en-US': 'Please enter a valid email address', 'zh-CN': '请输入有效的邮箱地址' },
    AUTH_INVALID_IDENTITY: { 'en-US': 'Please enter a valid mobile number or email address', 'zh-CN': '请输入有效的手机号或邮箱' },
    AUTH_CAPTCHA_INVALID: { 'en-US': 'The human verification failed or expired, please verify again', 'zh-CN': '人机验证未通过或已过期，请重新验证' },
    AUTH_NOT_REGISTERED: { 'en-US': 'You are not registered', 'zh-CN': '您还没有注册' },
    AUTH_LOGIN_PROHIBITED: { 'en-US': 'Login prohibited', 'zh-CN': '禁止登录' },
    AUTH_WRONG_PASSWORD: { 'en-US': 'Wrong password', 'zh-CN': '密码错误' },
    AUTH_PASSWORD_REQUIRED: { 'en-US': 'Please enter your password', 'zh-CN': '请输入密码' },
    AUTH_SCOPE_MISMATCH: {
      'en-US': 'This account cannot sign in here, please use the sign-in page for your account type',
      'zh-CN': '该账号不能在此登录，请使用对应账号类型的登录入口',
    },
  } as const;
  type Case = { code: keyof typeof MESSAGES; status: number; form: (client: TestClient) => Promise<Record<string, string>> };

  let organizer: { identity: string; password: string };
  let disabled: { identity: string; password: string };
  beforeAll(async () => {
    const created = await createAccount(app, 'organizer');
    organizer = { identity: identityOf(created.account), password: created.password };
    const blocked = await createAccount(app, 'audience', { disabled: true });
    disabled = { identity: identityOf(blocked.account), password: blocked.password };
  });

  const passwordForm = async (client: TestClient, identity: string, password: string, scope: Scope = 'organizer') => ({
    identity,
    password: encodePasswordForTransport(password),
    captcha: await solveCaptcha(client),
    scope,
  });

  const cases: Case[] = [
    { code: 'AUTH_INVALID_EMAIL', status: 400, form: (client) => passwordForm(client, 'someone@invalid', 'Passw0rd123') },
    { code: 'AUTH_INVALID_IDENTITY', status: 400, form: (client) => passwordForm(client, '12345', 'Passw0rd123') },
    { code: 'AUTH_INVALID_IDENTITY', status: 400, form: (client) => passwordForm(client, '', 'Passw0rd123') },
    { code: 'AUTH_CAPTCHA_INVALID', status: 400, form: async () => ({ identity: organizer.identity, password: encodePasswordForTransport(organizer.password), scope: 'organizer' }) },
    {
      code: 'AUTH_CAPTCHA_INVALID',
      status: 400,
      form: async () => ({ identity: organizer.identity, password: encodePasswordForTransport(organizer.password), captcha: 'bm90IGEgcGF5bG9hZA==', scope: 'organizer' }),
    },
    { code: 'AUTH_NOT_REGISTERED', status: 400, form: (client) => passwordForm(client, 'nobody@example.com', 'Passw0rd123') },
    { code: 'AUTH_LOGIN_PROHIBITED', status: 403, form: (client) => passwordForm(client, disabled.identity, disabled.password, 'audience') },
    { code: 'AUTH_WRONG_PASSWORD', status: 400, form: (client) => passwordForm(client, organizer.identity, 'Wrong0password') },
    { code: 'AUTH_PASSWORD_REQUIRED', status: 400, form: async (client) => ({ ...(await passwordForm(client, organizer.identity, '')), password: '' }) },
    { code: 'AUTH_SCOPE_MISMATCH', status: 403, form: (client) => passwordForm(client, organizer.identity, organizer.password, 'exhibitor') },
  ];

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it.each(cases)(`${locale}: $code`, async ({ code, status, form }) => {
      const client = app.client({ locale });
      const response = await client.postForm('/apis/auth/login', await form(client));
      await expectError(response, status, code, MESSAGES[code][locale]);
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    });
  }

  it('a scope mismatch is only told after the password is proven', async () => {
    const client = app.client();
    const response = await client.postForm('/apis/auth/login', await passwordForm(client, organizer.identity, 'Wrong0password', 'audience'));
    expect(((await response.json()) as ErrorBody).code).toBe('AUTH_WRONG_PASSWORD');
  });

  it('a disabled account is refused even with its right password, and failures are audited without the password', async () => {
    const client = app.client();
    const response = await client.postForm('/apis/auth/login', await passwordForm(client, disabled.identity, disabled.password, 'audience'));
    expect(response.status).toBe(403);
    const failures = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login_failed'));
    expect(failures.some((entry) => entry.detail?.code === 'AUTH_LOGIN_PROHIBITED' && entry.requestId && entry.ip)).toBe(true);
    expect(JSON.stringify(failures)).not.toContain(disabled.password);
    expect(JSON.stringify(failures)).not.toContain(encodePasswordForTransport(disabled.password));
  });
});

describe('sign-in throttling', () => {
  let throttled: TestApp;
  beforeAll(async () => {
    throttled = await createTestApp({ LOGIN_MAX_FAILURES: '3', IP_MAX_FAILURES: '100', LOGIN_LOCK_MINUTES: '15' });
  });
  afterAll(() => throttled?.close());

  async function failOnce(client: TestClient, identity: string) {
    return postPasswordLogin(client, { identity, password: 'Wrong0password', scope: 'organizer' });
  }

  it('locks an identity after LOGIN_MAX_FAILURES, even with the right password, and a success clears the count', async () => {
    const { account, password } = await createAccount(throttled, 'organizer');
    const identity = identityOf(account);
    const client = throttled.client({ locale: 'en-US' });
    await failOnce(client, identity);
    await failOnce(client, identity);
    expect((await postPasswordLogin(client, { identity, password, scope: 'organizer' })).status).toBe(200);
    // The success cleared the two failures: two more do not lock yet.
    await failOnce(client, identity);
    await failOnce(client, identity);
    expect((await postPasswordLogin(client, { identity, password, scope: 'organizer' })).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) await failOnce(client, identity);
    const locked = await postPasswordLogin(client, { identity, password, scope: 'organizer' });
    await expectError(locked, 429, 'AUTH_TOO_MANY_ATTEMPTS', 'Too many attempts, please try again in 15 minutes');
    const lockedZh = await postPasswordLogin(throttled.client({ locale: 'zh-CN' }), { identity, password, scope: 'organizer' });
    await expectError(lockedZh, 429, 'AUTH_TOO_MANY_ATTEMPTS', '尝试次数过多，请 15 分钟后再试');
  });

  it('locks an unknown identity the same way (nothing tells whether it is registered)', async () => {
    const client = throttled.client();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(((await (await failOnce(client, 'ghost@example.com')).json()) as ErrorBody).code).toBe('AUTH_NOT_REGISTERED');
    }
    expect(((await (await failOnce(client, 'ghost@example.com')).json()) as ErrorBody).code).toBe('AUTH_TOO_MANY_ATTEMPTS');
  });

  it('locks an address after IP_MAX_FAILURES across identities', async () => {
    const addressThrottled = await createTestApp({ LOGIN_MAX_FAILURES: '100', IP_MAX_FAILURES: '3' });
    try {
      const client = addressThrottled.client();
      for (const identity of ['one@example.com', 'two@example.com', '13900000001']) {
        expect(((await (await failOnce(client, identity)).json()) as ErrorBody).code).toBe('AUTH_NOT_REGISTERED');
      }
      const { account, password } = await createAccount(addressThrottled, 'organizer');
      const response = await postPasswordLogin(client, { identity: identityOf(account), password, scope: 'organizer' });
      await expectError(response, 429, 'AUTH_TOO_MANY_ATTEMPTS', 'Too many attempts, please try again in 15 minutes');
    } finally {
      await addressThrottled.close();
    }
  });
});
