import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scope } from '@portal/shared/auth/scopes';
import { isEmail, normaliseIdentity } from '@portal/shared/auth/identity';
import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { Icon } from '../../../components/icon';
import { PasswordInput } from '../../../components/password-input';
import { PlainField } from '../../../components/plain-field';
import type { TopNotice } from '../../../components/top-notice';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { useErrorText } from '../../../lib/use-error-text';
import { useFieldChecks } from '../../../lib/use-field-checks';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { useLogin } from '../api/login';
import { BusyButton } from '../../../components/plain/busy-button';

export type LoginMode = 'password' | 'code';
type Field = 'identity' | 'secret';

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
  // A press while the captcha still solves shows the button busy until the solution is in.
  const [waitingForCaptcha, setWaitingForCaptcha] = useState(false);
  const ids = { identity: `login-${mode}_identity`, secret: `login-${mode}_${mode}` };

  function problemOf(field: Field, checked: Record<Field, string>): string | undefined {
    if (field === 'identity') {
      const problem = identityProblem(checked.identity);
      if (problem === 'required') return t('identity.required');
      return problem ? t(`errors:${problem}`) : undefined;
    }
    if (checked.secret.trim()) return undefined;
    return t(mode === 'password' ? 'errors:AUTH_PASSWORD_REQUIRED' : 'errors:AUTH_CODE_REQUIRED');
  }
  const checks = useFieldChecks(problemOf, { identity, secret }, (field) => ids[field]);
  const { problems, ready, describedBy } = checks;

  function onSecretChange(value: string) {
    setSecret(value);
    checks.recheck(['secret'], { identity, secret: value });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready(['identity', 'secret'])) return;
    setWaitingForCaptcha(true);
    const payload = await captchaPayload();
    setWaitingForCaptcha(false);
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

  const busy = waitingForCaptcha || loginMutation.isPending;
  return (
    <form name={`login-${mode}`} className="plain-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <PlainField inputId={ids.identity} label={t('identity.label')} error={problems.identity}>
        <span className="plain-input">
          <Icon definition={UserOutlined} />
          <input
            id={ids.identity}
            value={identity}
            onChange={(event) => {
              onIdentityChange(event.target.value);
              checks.recheck(['identity'], { identity: event.target.value, secret });
            }}
            onBlur={() => checks.check(['identity'])}
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
          <PasswordInput
            id={ids.secret}
            value={secret}
            onChange={(event) => onSecretChange(event.target.value)}
            autoComplete="current-password"
            placeholder={t('password.placeholder')}
            aria-invalid={problems.secret ? true : undefined}
            aria-describedby={describedBy('secret')}
            data-testid="login-password"
          />
        </PlainField>
      ) : (
        <PlainField inputId={ids.secret} label={t('code.label')} error={problems.secret}>
          <VerificationCodeInput
            id={ids.secret}
            value={secret}
            onChange={(event) => onSecretChange(event.target.value)}
            placeholder={t('code.placeholder')}
            aria-invalid={problems.secret ? true : undefined}
            aria-describedby={describedBy('secret')}
            sendText={t('code.send')}
            resendText={(seconds) => t('code.resendIn', { seconds })}
            testIdPrefix="login"
            code={verification}
            onSend={() => void onSendCode()}
          />
        </PlainField>
      )}
      <div className="plain-field">
        <AltchaCaptcha ref={captcha} />
      </div>
      <BusyButton type="submit" className="plain-button plain-button-primary plain-button-block" busy={busy} data-testid="login-submit">
        {t('submit')}
      </BusyButton>
    </form>
  );
}
