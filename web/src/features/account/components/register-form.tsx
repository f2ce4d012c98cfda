import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH } from '@portal/shared/application/application-limits';
import { visitorNameProblem } from '@portal/shared/application/visitor-name';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/shared/auth/credentials';
import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { Icon } from '../../../components/icon';
import { PlainMobileNumberInput } from '../../../components/plain/mobile-number-input';
import { PasswordInput } from '../../../components/password-input';
import { PlainField } from '../../../components/plain-field';
import { PlainSegmented } from '../../../components/plain-segmented';
import { useTopNotice } from '../../../components/top-notice';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { useErrorText } from '../../../lib/use-error-text';
import { fieldsCheckedOnChange, newPasswordProblem } from '../../../lib/new-password';
import { useFieldChecks } from '../../../lib/use-field-checks';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { useRegisterAudience } from '../api/register-audience';
import { registerFieldProblems, registerIdentity, registerIdentityProblem, type RegisterMethod } from '../lib/register-rules';
import { BusyButton } from '../../../components/plain/busy-button';

type Field = 'identity' | 'code' | 'name' | 'password' | 'confirmPassword';
type Values = Record<Field, string>;
const METHODS: RegisterMethod[] = ['mobile', 'email'];
const EMPTY: Values = { identity: '', code: '', name: '', password: '', confirmPassword: '' };
const inputId = (field: Field) => `visitor-register_${field}`;

/**
 * Visitor registration (SPEC 2/5): a code sent to the mobile or email after the ALTCHA check, a
 * name and a password with its confirmation. The account is created and signed in at once.
 * Built without antd (DESIGN §7): plain markup styled like the portal. The identity is checked when
 * it is left, the other fields as they are typed in (as antd's form did).
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => Promise<void> }) {
  const { t } = useTranslation('visitor');
  const errorText = useErrorText();
  const notice = useTopNotice();
  const [method, setMethod] = useState<RegisterMethod>('mobile');
  const [values, setValues] = useState<Values>(EMPTY);
  const registerMutation = useRegisterAudience();
  const verification = useVerificationCode(notice.showError);
  const { captcha, sendCode } = verification;

  function problemOf(field: Field, checked: Values): string | undefined {
    const value = checked[field];
    switch (field) {
      case 'identity': {
        const problem = registerIdentityProblem(method, value);
        if (problem === 'required') return t(`register.${method}.required`);
        if (problem) return method === 'email' ? t('errors:AUTH_INVALID_EMAIL') : t('register.mobile.invalid');
        return undefined;
      }
      case 'code':
        return value.trim() ? undefined : t('errors:AUTH_CODE_REQUIRED');
      case 'name': {
        if (!value.trim()) return t('register.name.required');
        const problem = visitorNameProblem(value.trim());
        return problem ? t(`errors:${problem}`) : undefined;
      }
      case 'password':
      case 'confirmPassword': {
        const problem = newPasswordProblem(field, checked);
        if (problem === 'confirmRequired') return t('register.password.confirmRequired');
        return problem ? t(`errors:${problem}`) : undefined;
      }
    }
  }
  const checks = useFieldChecks(problemOf, values, inputId);
  const { problems } = checks;

  /** Keeps the typed value and checks the field (the confirmation again when the password changes). */
  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === 'identity') checks.recheck(['identity'], next);
    else checks.check(fieldsCheckedOnChange(field, next), next);
  }

  function changeMethod(next: RegisterMethod) {
    setMethod(next);
    setValues((current) => ({ ...current, identity: '', code: '' }));
    checks.reset(['identity']);
  }

  async function onSendCode() {
    const sent = await sendCode(async () => (checks.ready(['identity']) ? { identity: registerIdentity(method, values.identity), purpose: 'register', scope: 'audience' } : undefined));
    if (sent) notice.showSuccess(t('register.code.sent'));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!checks.ready(['identity', 'code', 'name', 'password', 'confirmPassword'])) return;
    try {
      await registerMutation.mutateAsync({ identity: registerIdentity(method, values.identity), code: values.code, password: values.password, name: values.name });
    } catch (error) {
      // Every refusal the server ties to a field is shown at that field, and the page brings it into view.
      const atFields = Object.entries(registerFieldProblems(error)).map(([field, code]) => [field, t(`errors:${code}`)]);
      checks.show(Object.fromEntries(atFields) as Partial<Values>);
      notice.showError(errorText(error));
      return;
    }
    await onRegistered();
  }

  const inputProps = (field: Field, withHint = false) => checks.inputProps(field, (value) => change(field, value), withHint);
  const identityHint = method === 'mobile' ? t('register.mobile.extra') : undefined;
  const { onChange: _typed, ...identityProps } = inputProps('identity', Boolean(identityHint));
  const passwordHint = t('register.password.extra', { min: PASSWORD_MIN_LENGTH });
  const busy = registerMutation.isPending;
  return (
    // The widget's checkbox is `required`: native validation would block the form while it is still solving.
    <form name="visitor-register" className="plain-form visitor-register" noValidate onSubmit={(event) => void onSubmit(event)}>
      {notice.notice}
      <PlainSegmented
        label={t('register.method.label')}
        value={method}
        onChange={changeMethod}
        testId="register-method"
        options={METHODS.map((value) => ({ value, label: t(`register.method.${value}`), testId: `register-method-${value}` }))}
      />
      <PlainField inputId={inputId('identity')} label={t(`register.${method}.label`)} error={problems.identity} hint={identityHint}>
        {method === 'mobile' ? (
          <PlainMobileNumberInput
            {...identityProps}
            onChange={(value) => change('identity', value)}
            onBlur={() => checks.check(['identity'])}
            placeholder={t('register.mobile.placeholder')}
            testId="register-identity"
          />
        ) : (
          <span className="plain-input">
            <Icon definition={MailOutlined} />
            <input
              {...inputProps('identity', Boolean(identityHint))}
              onBlur={() => checks.check(['identity'])}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('register.email.placeholder')}
              data-testid="register-identity"
            />
          </span>
        )}
      </PlainField>
      <PlainField inputId={inputId('code')} label={t('register.code.label')} error={problems.code}>
        <VerificationCodeInput
          {...inputProps('code')}
          placeholder={t('register.code.placeholder')}
          sendText={t('register.code.send')}
          resendText={(seconds) => t('register.code.resendIn', { seconds })}
          testIdPrefix="register"
          code={verification}
          onSend={() => void onSendCode()}
        />
      </PlainField>
      <div className="plain-field">
        <AltchaCaptcha ref={captcha} />
      </div>
      <PlainField inputId={inputId('name')} label={t('register.name.label')} error={problems.name}>
        <span className="plain-input">
          <Icon definition={UserOutlined} />
          <input {...inputProps('name')} autoComplete="name" placeholder={t('register.name.placeholder')} maxLength={NAME_MAX_LENGTH} data-testid="register-name" />
        </span>
      </PlainField>
      <PlainField inputId={inputId('password')} label={t('register.password.label')} error={problems.password} hint={passwordHint}>
        <PasswordInput {...inputProps('password', true)} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="register-password" />
      </PlainField>
      <PlainField inputId={inputId('confirmPassword')} label={t('register.password.confirm')} error={problems.confirmPassword}>
        <PasswordInput {...inputProps('confirmPassword')} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="register-password-confirm" />
      </PlainField>
      <BusyButton type="submit" className="plain-button plain-button-primary plain-button-block" busy={busy} data-testid="register-submit">
        {t('register.submit')}
      </BusyButton>
    </form>
  );
}
