import type { AuditAction } from '@portal/shared/audit/audit-log';
import { type TLoginForm, type TSendCodeForm } from '@portal/shared/auth/auth.schema';
import { decodePasswordFromTransport } from '@portal/shared/auth/credentials';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import type { Locale } from '@portal/shared/i18n/locales';
import { AppError } from '../../lib/app-error';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/passwords';
import type { AccountModel as AccountRow } from '../account/account.models';
import type { AccountService } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import { parseIdentity, type NormalisedIdentity } from './auth-input';
import type { CaptchaService } from './captcha.service';
import type { LoginThrottleService } from './login-throttle.service';
import type { VerificationCodeService } from './verification-code.service';

/** Who is asking: for throttles, the audit log and the language of messages. */
export interface AuthRequestContext {
  ip: string;
  requestId: string;
  locale: Locale;
}

type Credential = { kind: 'password'; password: string } | { kind: 'code'; code: string };

/** Failures that are guesses at a credential: these count towards the sign-in throttle. */
const GUESSING_FAILURES: ReadonlySet<ErrorCode> = new Set([
  'AUTH_NOT_REGISTERED',
  'AUTH_WRONG_PASSWORD',
  'AUTH_WRONG_CODE',
  'AUTH_WRONG_IDENTITY_OR_CODE',
  'AUTH_CODE_EXPIRED',
]);

/**
 * Sign-in by password (with a captcha) or by a verification code (the captcha was solved when the
 * code was sent), in SPEC 8's order of messages, throttled, audited.
 */
export class LoginService {
  constructor(
    private readonly accounts: AccountService,
    private readonly auditLog: AuditService,
    private readonly captcha: CaptchaService,
    private readonly throttle: LoginThrottleService,
    private readonly verificationCodes: VerificationCodeService,
  ) {}

  /** Returns the signed-in account; the caller starts its session. */
  async login(form: TLoginForm, context: AuthRequestContext): Promise<AccountRow> {
    let identity: NormalisedIdentity | undefined;
    let account: AccountRow | undefined;
    try {
      identity = parseIdentity(form.identity);
      const credential = credentialOf(form);
      await this.throttle.assertAllowed(identity.value, context.ip);
      if (credential.kind === 'password') await this.captcha.verifyOnce(form.captcha);
      account = await this.accounts.findByIdentity(identity);
      account = await this.prove(account, identity, credential);
      // Only now, with the credential proven, may the answer say what kind of account this is.
      if (account.scope !== form.scope) throw new AppError('AUTH_SCOPE_MISMATCH');
      await this.accounts.recordSuccessfulLogin(account.id);
      await this.throttle.recordSuccess(identity.value);
      await this.audit('auth.login', context, account, { identity: identity.value, scope: form.scope, method: credential.kind });
      return account;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (identity && GUESSING_FAILURES.has(error.code)) {
        // A code guess costs no captcha, so it must not count against the account (anyone could lock
        // it): the code itself allows 5 tries and each code costs a captcha. The address still counts.
        await this.throttle.recordFailure(credentialKind(form) === 'password' ? identity.value : undefined, context.ip);
      }
      await this.audit('auth.login_failed', context, account, { identity: identity?.value ?? form.identity, scope: form.scope, code: error.code });
      throw error;
    }
  }

  /**
   * Sends a verification code. For sign-in, an unknown identity hears "You are not registered"
   * (docs/decisions/0103-verification-codes.md): the password form says the same, and nothing is sent.
   */
  async requestCode(form: TSendCodeForm, context: AuthRequestContext): Promise<{ resendAfterSeconds: number }> {
    const identity = parseIdentity(form.identity);
    await this.captcha.verifyOnce(form.captcha);
    await this.verificationCodes.countRequestFrom(context.ip);
    if (form.purpose === 'login') {
      const account = await this.accounts.findByIdentity(identity);
      if (!account) throw new AppError('AUTH_NOT_REGISTERED');
      if (account.disabled) throw new AppError('AUTH_LOGIN_PROHIBITED');
    }
    return this.verificationCodes.send({ identity, purpose: form.purpose, locale: context.locale });
  }

  /** Returns the account when it exists, may sign in, and the credential is right; throws otherwise. */
  private async prove(account: AccountRow | undefined, identity: NormalisedIdentity, credential: Credential): Promise<AccountRow> {
    if (credential.kind === 'password') {
      // Always one argon2 verification, so the time taken does not tell whether the account exists.
      const passwordMatches = await verifyPassword(account?.passwordHash ?? DUMMY_PASSWORD_HASH, credential.password);
      if (!account) throw new AppError('AUTH_NOT_REGISTERED');
      if (account.disabled) throw new AppError('AUTH_LOGIN_PROHIBITED');
      if (!passwordMatches) throw new AppError('AUTH_WRONG_PASSWORD');
      return account;
    }
    // No captcha was solved for this request: until the code is proven, every failure answers the
    // same for known and unknown identities (a code is only ever sent to a registered one).
    try {
      await this.verificationCodes.consume(identity, 'login', credential.code);
    } catch (error) {
      if (error instanceof AppError && error.code === 'AUTH_WRONG_CODE') throw new AppError('AUTH_WRONG_IDENTITY_OR_CODE');
      throw error;
    }
    if (!account) throw new AppError('AUTH_WRONG_IDENTITY_OR_CODE');
    if (account.disabled) throw new AppError('AUTH_LOGIN_PROHIBITED');
    return account;
  }

  private async audit(action: AuditAction, context: AuthRequestContext, account: AccountRow | undefined, detail: Record<string, unknown>) {
    await this.auditLog.record(context, { action, actorId: account?.id ?? null, subjectType: 'account', subjectId: account?.id, detail });
  }
}

function credentialKind(form: TLoginForm): Credential['kind'] {
  return form.password ? 'password' : 'code';
}

/** A non-empty password means password sign-in; otherwise a `code` field means code sign-in. */
function credentialOf(form: TLoginForm): Credential {
  if (form.password) {
    const password = decodePasswordFromTransport(form.password);
    if (password === undefined) throw new AppError('VALIDATION_FAILED');
    if (!password) throw new AppError('AUTH_PASSWORD_REQUIRED');
    return { kind: 'password', password };
  }
  if (form.code !== undefined) {
    if (!form.code) throw new AppError('AUTH_CODE_REQUIRED');
    return { kind: 'code', code: form.code };
  }
  throw new AppError('AUTH_PASSWORD_REQUIRED');
}
