import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scope } from '@portal/shared/auth/scopes';
import { isEmail, normaliseIdentity } from '@portal/shared/auth/identity';
import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { Icon } from '../../../components/icon';
import { fieldErrorId, PlainField } from '../../../components/plain-field';
import type { TopNotice } from '../../../components/top-notice';
import { VERIFICATION_CODE_INPUT_MAX_LENGTH } from '../../../lib/input-limits';
import { useErrorText } from '../../../lib/use-error-text';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { useLogin } from '../api/login';

export type LoginMode = 'password' | 'code';
type Field = 'identity' | 'secret';
type Problems = Partial<Record<Field, string>>;

/** SPEC 5/8: an email must be valid; otherwise a mobile (an 11-digit mainland number becomes +86…). */
export function identityProblem(value: string): 'required' | 'AUTH_INVALID_EMAIL' | 'AUTH_INVALID_IDENTITY' | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  if (trimmed.includes('@')) return isEmail(trimmed.toLowerCase()) ? undefined : 'AUTH_INVALID_EMAIL';
  return normaliseIdentity(trimmed) ? undefined : 'AUTH_INVALID_IDENTITY';
}

/**
 * The sign-in form of one tab (password or verification code), built without antd (DESIGN §7). The
 * identity is kept by the page across the tabs; the password or code is the tab's own. Errors show at
 * their field; a refusal of the server at the top of the screen.
 */
export function LoginForm({
  mode,
  scope,
  identity,
  onIdentityChange,
  onSignedIn,
  notice,
}: {
  mode: LoginMode;
  scope: Scope;
  identity: string;
  onIdentityChange: (identity: string) => void;
  onSignedIn: (scope: Scope) => Promise<void>;
  notice: Pick<TopNotice, 'showError' | 'showSuccess'>;
}) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const loginMutation = useLogin();
  const verification = useVerificationCode(notice.showError);
  const { captcha, captchaPayload, sendCode } = verification;
  const [secret, setSecret] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const form = useRef<HTMLFormElement>(null);
  const ids = { identity: `login-${mode}_identity`, secret: `login-${mode}_${mode}` };

  function problemOf(field: Field, value: string): string | undefined {
    if (field === 'identity') {
      const problem = identityProblem(value);
      if (problem === 'required') return t('identity.required');
      return problem ? t(`errors:${problem}`) : undefined;
    }
    if (value.trim()) return undefined;
    return t(mode === 'password' ? 'errors:AUTH_PASSWORD_REQUIRED' : 'errors:AUTH_CODE_REQUIRED');
  }

  /** Checks the given fields and shows their errors; returns the first wrong one. */
  function check(fields: Field[]): Field | undefined {
    const found: Problems = {};
    for (const field of fields) found[field] = problemOf(field, field === 'identity' ? identity : secret);
    setProblems((current) => ({ ...current, ...found }));
    return fields.find((field) => found[field]);
  }

  /** Checks before a request: true when all are right, else the first wrong field gets the focus. */
  function ready(fields: Field[]): boolean {
    const wrong = check(fields);
    if (wrong) form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(ids[wrong])}`)?.focus();
    return !wrong;
  }

  /** After an error was shown, the field is checked again as it is typed in. */
  function recheck(field: Field, value: string) {
    if (problems[field]) setProblems((current) => ({ ...current, [field]: problemOf(field, value) }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready(['identity', 'secret'])) return;
    const payload = await captchaPayload();
    if (!payload) return;
    try {
      await loginMutation.mutateAsync({ identity, ...(mode === 'password' ? { password: secret } : { code: secret }), captcha: payload, scope });
    } catch (error) {
      captcha.current?.reset();
      notice.showError(errorText(error));
      return;
    }
    await onSignedIn(scope);
  }

  async function onSendCode() {
    const sent = await sendCode(async () => (ready(['identity']) ? { identity, purpose: 'login', scope } : undefined));
    if (sent) notice.showSuccess(t('codeSent'));
  }

  const describedBy = (field: Field) => (problems[field] ? fieldErrorId(ids[field]) : undefined);
  const busy = loginMutation.isPending;
  return (
    // The widget's checkbox is `required`: native validation would block the submission while it is still solving; getPayload() waits for it instead.
    <form ref={form} name={`login-${mode}`} className="plain-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <PlainField inputId={ids.identity} label={t('identity.label')} error={problems.identity}>
        <span className="plain-input">
          <Icon definition={UserOutlined} />
          <input
            id={ids.identity}
            value={identity}
            onChange={(event) => {
              onIdentityChange(event.target.value);
              recheck('identity', event.target.value);
            }}
            onBlur={() => check(['identity'])}
            autoComplete="username"
            inputMode="email"
            placeholder={t('identity.placeholder')}
            aria-invalid={problems.identity ? true : undefined}
            aria-describedby={describedBy('identity')}
            data-testid="login-identity"
          />
        </span>
      </PlainField>
      {mode === 'password' ? (
        <PlainField inputId={ids.secret} label={t('password.label')} error={problems.secret}>
          <span className="plain-input">
            <Icon definition={LockOutlined} />
            <input
              id={ids.secret}
              type={showPassword ? 'text' : 'password'}
              value={secret}
              onChange={(event) => {
                setSecret(event.target.value);
                recheck('secret', event.target.value);
              }}
              autoComplete="current-password"
              placeholder={t('password.placeholder')}
              aria-invalid={problems.secret ? true : undefined}
              aria-describedby={describedBy('secret')}
              data-testid="login-password"
            />
            <button type="button" className="plain-input-action" aria-pressed={showPassword} aria-label={t(showPassword ? 'password.hide' : 'password.show')} onClick={() => setShowPassword((value) => !value)}>
              <Icon definition={showPassword ? EyeOutlined : EyeInvisibleOutlined} />
            </button>
          </span>
        </PlainField>
      ) : (
        <PlainField inputId={ids.secret} label={t('code.label')} error={problems.secret}>
          <span className="plain-compact">
            <span className="plain-input">
              <Icon definition={SafetyOutlined} />
              <input
                id={ids.secret}
                value={secret}
                onChange={(event) => {
                  setSecret(event.target.value);
                  recheck('secret', event.target.value);
                }}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={VERIFICATION_CODE_INPUT_MAX_LENGTH}
                placeholder={t('code.placeholder')}
                aria-invalid={problems.secret ? true : undefined}
                aria-describedby={describedBy('secret')}
                data-testid="login-code"
              />
            </span>
            <button
              type="button"
              className="plain-button"
              onClick={() => void onSendCode()}
              disabled={verification.sending || verification.remaining > 0}
              aria-busy={verification.sending || undefined}
              data-testid="login-send-code"
            >
              {verification.remaining > 0 ? t('code.resendIn', { seconds: verification.remaining }) : t('code.send')}
            </button>
          </span>
        </PlainField>
      )}
      <div className="plain-field">
        <AltchaCaptcha ref={captcha} />
      </div>
      <button type="submit" className="plain-button plain-button-primary plain-button-block" disabled={busy} aria-busy={busy || undefined} data-testid="login-submit">
        {busy ? <span className="plain-button-spinner" aria-hidden /> : null}
        <span>{t('submit')}</span>
      </button>
    </form>
  );
}
