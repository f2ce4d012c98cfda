import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories';
import { startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SESSION_COOKIE } from './session-cookie';
import {
  advanceClock,
  countOutboxMessages,
  latestCodeSentTo,
  latestOutboxMessage,
  postCodeLogin,
  requestCode,
  type ErrorBody,
  postPasswordLogin,
} from './auth-test-support';

const MINUTE = 60_000;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ LOGIN_MAX_FAILURES: '1000', IP_MAX_FAILURES: '10000', CODE_IP_HOURLY_LIMIT: '1000' });
});
afterAll(() => app?.close());

async function audienceAccount() {
  const { account } = await createAccount(app, 'audience');
  if (!account.mobile) throw new Error('audience account without mobile');
  return account.mobile;
}

async function errorOf(response: Response) {
  const body = (await response.json()) as ErrorBody;
  return { status: response.status, code: body.code, message: body.message };
}

describe('verification-code sign-in', () => {
  it('sends a code by SMS to the dev outbox, in the caller language, and signs in with it once', async () => {
    const mobile = await audienceAccount();
    const client = app.client({ locale: 'zh-CN' });
    const sent = await requestCode(client, mobile.replace('+86', ''));
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ resendAfterSeconds: 60 });

    const message = await latestOutboxMessage(client, mobile);
    expect(message).toMatchObject({ channel: 'sms', recipient: mobile });
    expect(message?.body).toMatch(/^【展会】您的验证码为 \d{6}，5 分钟内有效/);
    const code = await latestCodeSentTo(client, mobile);

    const login = await postCodeLogin(client, { identity: mobile, code, scope: 'audience' });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ scope: 'audience' });
    const { body } = await client.graphql<{ viewer: { __typename: string } }>('{ viewer { __typename } }');
    expect(body.data?.viewer.__typename).toBe('User');

    // Single use.
    const replay = await postCodeLogin(app.client(), { identity: mobile, code, scope: 'audience' });
    expect((await errorOf(replay)).code).toBe('AUTH_WRONG_IDENTITY_OR_CODE');
  });

  it('tells each code failure in both languages', async () => {
    const mobile = await audienceAccount();
    const cases = [
      { code: '', expected: { 'en-US': ['AUTH_CODE_REQUIRED', 'Verification code cannot be empty'], 'zh-CN': ['AUTH_CODE_REQUIRED', '验证码不能为空'] } },
      { code: '000000', expected: { 'en-US': ['AUTH_WRONG_IDENTITY_OR_CODE', 'Wrong user name or verification code'], 'zh-CN': ['AUTH_WRONG_IDENTITY_OR_CODE', '用户名或验证码错误'] } },
    ] as const;
    for (const locale of ['en-US', 'zh-CN'] as const) {
      for (const { code, expected } of cases) {
        const response = await postCodeLogin(app.client({ locale }), { identity: mobile, code, scope: 'audience' });
        const [errorCode, message] = expected[locale];
        expect(await errorOf(response)).toEqual({ status: 400, code: errorCode, message });
      }
    }
    const client = app.client();
    await requestCode(client, mobile);
    const right = await latestCodeSentTo(client, mobile);
    const wrong = right === '123456' ? '654321' : '123456';
    // Without a captcha, a wrong code answers as an unknown identity would.
    expect(await errorOf(await postCodeLogin(app.client({ locale: 'en-US' }), { identity: mobile, code: wrong, scope: 'audience' }))).toEqual({
      status: 400,
      code: 'AUTH_WRONG_IDENTITY_OR_CODE',
      message: 'Wrong user name or verification code',
    });
    expect(await errorOf(await postCodeLogin(app.client({ locale: 'zh-CN' }), { identity: mobile, code: wrong, scope: 'audience' }))).toEqual({
      status: 400,
      code: 'AUTH_WRONG_IDENTITY_OR_CODE',
      message: '用户名或验证码错误',
    });
    expect(await errorOf(await postCodeLogin(app.client({ locale: 'en-US' }), { identity: mobile, code: 'abcdef', scope: 'organizer' }))).toMatchObject({
      code: 'AUTH_WRONG_IDENTITY_OR_CODE',
    });
    // The right code at the wrong entrance: proven first, then refused for its scope.
    expect(await errorOf(await postCodeLogin(app.client(), { identity: mobile, code: right, scope: 'organizer' }))).toMatchObject({
      status: 403,
      code: 'AUTH_SCOPE_MISMATCH',
    });
  });

  it('expires a code after 5 minutes (checked against the injected clock)', async () => {
    const mobile = await audienceAccount();
    const client = app.client();
    await requestCode(client, mobile);
    const code = await latestCodeSentTo(client, mobile);
    advanceClock(app, 5 * MINUTE + 1000);
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const response = await postCodeLogin(app.client({ locale }), { identity: mobile, code, scope: 'audience' });
      expect(await errorOf(response)).toEqual({
        status: 400,
        code: 'AUTH_CODE_EXPIRED',
        message: locale === 'en-US' ? 'Verification code has expired, please obtain it again' : '验证码已过期，请重新获取',
      });
    }
  });

  it('spends a code after 5 wrong tries, even for the right one', async () => {
    const mobile = await audienceAccount();
    const client = app.client();
    await requestCode(client, mobile);
    const code = await latestCodeSentTo(client, mobile);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await errorOf(await postCodeLogin(client, { identity: mobile, code: wrong, scope: 'audience' }))).code).toBe('AUTH_WRONG_IDENTITY_OR_CODE');
    }
    expect((await errorOf(await postCodeLogin(client, { identity: mobile, code, scope: 'audience' }))).code).toBe('AUTH_CODE_EXPIRED');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('waits 60 s before a resend, then caps a recipient at 5 codes an hour; a new code replaces the old one', async () => {
    const mobile = await audienceAccount();
    const client = app.client({ locale: 'en-US' });
    expect((await requestCode(client, mobile)).status).toBe(200);
    const first = await latestCodeSentTo(client, mobile);
    const tooSoon = await errorOf(await requestCode(client, mobile));
    expect(tooSoon.code).toBe('AUTH_CODE_TOO_SOON');
    expect(tooSoon.message).toMatch(/^A code was just sent, please wait (60|59) seconds before asking again$/);
    advanceClock(app, 30_000);
    expect((await errorOf(await requestCode(app.client({ locale: 'zh-CN' }), mobile))).message).toMatch(/^验证码刚刚发送，请 (30|29) 秒后再获取$/);

    for (let sent = 2; sent <= 5; sent++) {
      advanceClock(app, 31_000);
      expect((await requestCode(client, mobile)).status).toBe(200);
      advanceClock(app, 30_000);
    }
    expect(await countOutboxMessages(client, mobile)).toBe(5);
    advanceClock(app, 61_000);
    const capped = await requestCode(client, mobile);
    expect(await errorOf(capped)).toEqual({
      status: 429,
      code: 'AUTH_CODE_LIMIT_REACHED',
      message: 'Too many verification codes were requested for this number or address, please try again later',
    });
    expect(await countOutboxMessages(client, mobile)).toBe(5);

    const latest = await latestCodeSentTo(client, mobile);
    if (latest !== first) {
      expect((await errorOf(await postCodeLogin(client, { identity: mobile, code: first, scope: 'audience' }))).code).toBe('AUTH_WRONG_IDENTITY_OR_CODE');
    }
    expect((await postCodeLogin(client, { identity: mobile, code: latest, scope: 'audience' })).status).toBe(200);
  });

  it('for sign-in, an unknown identity hears "You are not registered" and nothing is sent', async () => {
    for (const [locale, message] of [
      ['en-US', 'You are not registered'],
      ['zh-CN', '您还没有注册'],
    ] as const) {
      const client = app.client({ locale });
      const response = await requestCode(client, '13700000009');
      expect(await errorOf(response)).toEqual({ status: 400, code: 'AUTH_NOT_REGISTERED', message });
    }
    expect(await countOutboxMessages(app.client(), '+8613700000009')).toBe(0);
  });

  it('refuses a disabled account and a request without a solved captcha', async () => {
    const { account } = await createAccount(app, 'audience', { disabled: true });
    const mobile = account.mobile ?? '';
    expect((await errorOf(await requestCode(app.client(), mobile))).code).toBe('AUTH_LOGIN_PROHIBITED');
    const noCaptcha = await app.client().postForm('/apis/auth/code', { identity: mobile, purpose: 'login', scope: 'audience' });
    expect((await errorOf(noCaptcha)).code).toBe('AUTH_CAPTCHA_INVALID');
    const badEmail = await requestCode(app.client({ locale: 'en-US' }), 'someone@invalid');
    expect(await errorOf(badEmail)).toEqual({ status: 400, code: 'AUTH_INVALID_EMAIL', message: 'Please enter a valid email address' });
  });

  it('sends a registration code to an unknown identity, consumable by the registration service', async () => {
    const client = app.client();
    const response = await requestCode(client, 'new.visitor@example.com', 'register');
    expect(response.status).toBe(200);
    const code = await latestCodeSentTo(client, 'new.visitor@example.com');
    const identity = { kind: 'email', value: 'new.visitor@example.com' } as const;
    const codes = app.portal.app.services.verificationCodes;
    // A sign-in code is not a registration code, and the reverse.
    await expect(codes.consume(identity, 'login', code)).rejects.toMatchObject({ code: 'AUTH_WRONG_IDENTITY_OR_CODE' });
    await expect(codes.consume(identity, 'register', code)).resolves.toBeUndefined();
    await expect(codes.consume(identity, 'register', code)).rejects.toMatchObject({ code: 'AUTH_WRONG_IDENTITY_OR_CODE' });
  });
});

describe('verification-code limits per address and delivery', () => {
  it('caps code requests per address (CODE_IP_HOURLY_LIMIT)', async () => {
    const capped = await createTestApp({ CODE_IP_HOURLY_LIMIT: '2' });
    try {
      const client = capped.client();
      expect((await requestCode(client, 'a@example.com', 'register')).status).toBe(200);
      expect((await requestCode(client, 'b@example.com', 'register')).status).toBe(200);
      const third = await requestCode(client, 'c@example.com', 'register');
      expect(third.status).toBe(429);
      expect(((await third.json()) as ErrorBody).code).toBe('AUTH_CODE_LIMIT_REACHED');
    } finally {
      await capped.close();
    }
  });

  it('delivers email over real SMTP with the code, and a failed delivery does not start the resend timer', async () => {
    const smtp = await startSmtpServer();
    const { port, received } = smtp;
    const closeSmtp = () => smtp.close();
    const mailing = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Moto Expo <codes@example.com>' });
    try {
      const { account } = await createAccount(mailing, 'organizer');
      const email = account.email ?? '';
      const client = mailing.client({ locale: 'en-US' });
      expect((await requestCode(client, email, 'login', 'organizer')).status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual([email]);
      const mail = received[0]?.data ?? '';
      expect(mail).toContain('Subject: The show: your verification code');
      expect(mail).toMatch(/From: Moto Expo <codes@example\.com>/);
      const code = mail.match(/verification code is (\d{6})/)?.[1];
      expect(code).toBeDefined();
      const login = await postCodeLogin(client, { identity: email, code: code ?? '', scope: 'organizer' });
      expect(login.status).toBe(200);

      // The mail server goes away: the caller is told, and may try again at once (no 60 s wait).
      await closeSmtp();
      advanceClock(mailing, 61_000);
      for (let attempt = 0; attempt < 2; attempt++) {
        const failed = await requestCode(mailing.client({ locale: 'zh-CN' }), email, 'login', 'organizer');
        expect(await errorOf(failed)).toEqual({ status: 500, code: 'AUTH_CODE_SEND_FAILED', message: '验证码发送失败，请稍后再试' });
      }
    } finally {
      await mailing.close();
      await closeSmtp();
    }
  });
});

describe('code sign-in without a captcha', () => {
  it('code guesses do not lock the owner out: the right password with a captcha still signs in', async () => {
    const strict = await createTestApp({ LOGIN_MAX_FAILURES: '5', IP_MAX_FAILURES: '1000' });
    try {
      const { account, password } = await createAccount(strict, 'audience');
      const mobile = account.mobile ?? '';
      await requestCode(strict.client(), mobile);
      const attacker = strict.client();
      for (let guess = 0; guess < 8; guess++) {
        const response = await postCodeLogin(attacker, { identity: mobile, code: String(100000 + guess), scope: 'audience' });
        expect(response.status).toBe(400);
      }
      const owner = await postPasswordLogin(strict.client(), { identity: mobile, password, scope: 'audience' });
      expect(owner.status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('answers the same for an unknown, a known, a code-holding and a disabled identity', async () => {
    const known = await audienceAccount();
    const holding = await audienceAccount();
    await requestCode(app.client(), holding);
    const { account: disabled } = await createAccount(app, 'audience', { disabled: true });
    const answers = [];
    for (const identity of ['13700000008', known, holding, disabled.mobile ?? '']) {
      for (const locale of ['en-US', 'zh-CN'] as const) {
        answers.push(await errorOf(await postCodeLogin(app.client({ locale }), { identity, code: '000001', scope: 'audience' })));
      }
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(2);
    expect(answers[0]).toEqual({ status: 400, code: 'AUTH_WRONG_IDENTITY_OR_CODE', message: 'Wrong user name or verification code' });
  });
});
