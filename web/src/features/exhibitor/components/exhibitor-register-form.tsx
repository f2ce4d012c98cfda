import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '@portal/shared/exhibitor/exhibitor.schema';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/shared/auth/credentials';
import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { PasswordInput } from '../../../components/password-input';
import { PlainField } from '../../../components/plain-field';
import { PlainSegmented } from '../../../components/plain-segmented';
import { useTopNotice } from '../../../components/top-notice';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { useErrorText } from '../../../lib/use-error-text';
import { fieldsCheckedOnChange } from '../../../lib/new-password';
import { useFieldChecks } from '../../../lib/use-field-checks';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { useRegisterExhibitor } from '../api/register-exhibitor';
import { BusyButton } from '../../../components/plain/busy-button';
import { PlainMobileNumberInput } from '../../../components/plain/mobile-number-input';
import {
  CODE_CHANNELS,
  EMPTY_REGISTER_VALUES,
  REGISTER_FIELDS,
  channelField as channelFieldOf,
  codeIdentity,
  isRegisterTextField as isTextField,
  registerFieldProblem,
  registerInput,
  registerProblems,
  type CodeChannel,
  type RegisterFormField as Field,
  type RegisterFormValues as Values,
  type RegisterTextField as TextField,
} from '../lib/register-form';

const inputId = (field: Field) => `exhibitor-register_${field}`;

/**
 * Exhibitor self-registration: the company's names, its contact, a code sent (after the
 * ALTCHA check) to the mobile or the email — the one chosen becomes the sign-in identity — and a password.
 * Built without antd (DESIGN §7); the company's fields are checked with the shared schema when they are left,
 * the others as they are typed in (as antd's form did).
 */
export function ExhibitorRegisterForm({ onRegistered }: { onRegistered: () => Promise<void> }) {
  const { t } = useTranslation('exhibitor-account');
  const errorText = useErrorText();
  const notice = useTopNotice();
  const [channel, setChannel] = useState<CodeChannel>('email');
  const [values, setValues] = useState<Values>(EMPTY_REGISTER_VALUES);
  const mutation = useRegisterExhibitor();
  const verification = useVerificationCode(notice.showError);
  const channelField = channelFieldOf(channel);

  function problemOf(field: Field, checked: Values): string | undefined {
    const problem = registerFieldProblem(field, checked);
    if (problem === 'confirmRequired') return t('register.confirmRequired');
    return problem ? t(`errors:${problem}`) : undefined;
  }
  const checks = useFieldChecks(problemOf, values, inputId);
  const { problems } = checks;

  /** Keeps the typed value and checks the field (the confirmation again when the password changes). */
  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isTextField(field)) checks.recheck([field], next);
    else checks.check(fieldsCheckedOnChange(field, next), next);
  }

  function changeChannel(next: CodeChannel) {
    setChannel(next);
    setValues((current) => ({ ...current, code: '' }));
  }

  async function onSendCode() {
    const sent = await verification.sendCode(async () =>
      checks.ready([channelField]) ? { identity: codeIdentity(channel, values), purpose: 'register', scope: 'exhibitor' } : undefined,
    );
    if (sent) notice.showSuccess(t('register.codeSent'));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!checks.ready([...REGISTER_FIELDS, 'confirmPassword'])) return;
    try {
      await mutation.mutateAsync(registerInput(values, channel));
    } catch (error) {
      const problems = registerProblems(error, channel);
      checks.show(Object.fromEntries(Object.entries(problems).map(([field, code]) => [field, t(`errors:${code}`)])) as Partial<Values>);
      notice.showError(errorText(error));
      return;
    }
    await onRegistered();
  }

  const inputProps = (field: Field, withHint = false) => checks.inputProps(field, (value) => change(field, value), withHint);
  const text = (field: TextField, max: number, autoComplete: string, hint?: string) => (
    <PlainField inputId={inputId(field)} label={t(`register.fields.${field}`)} error={problems[field]} hint={hint}>
      <span className="plain-input">
        <input {...inputProps(field, Boolean(hint))} onBlur={() => checks.check([field])} maxLength={max} autoComplete={autoComplete} data-testid={`exhibitor-register-${field}`} />
      </span>
    </PlainField>
  );
  const { onChange: _typed, ...mobileProps } = inputProps('contactMobile', true);
  const passwordHint = t('register.passwordRule', { min: PASSWORD_MIN_LENGTH });
  const busy = mutation.isPending;
  return (
    // The widget's checkbox is `required`: native validation would block the form while it is still solving.
    <form name="exhibitor-register" className="plain-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {notice.notice}
      {text('nameZh', COMPANY_NAME_MAX_LENGTH, 'organization')}
      {text('nameEn', COMPANY_NAME_MAX_LENGTH, 'off')}
      {text('contactName', NAME_MAX_LENGTH, 'name')}
      <PlainField inputId={inputId('contactMobile')} label={t('register.fields.contactMobile')} error={problems.contactMobile} hint={t('register.mobileExtra')}>
        <PlainMobileNumberInput {...mobileProps} onChange={(value) => change('contactMobile', value)} onBlur={() => checks.check(['contactMobile'])} testId="exhibitor-register-contactMobile" />
      </PlainField>
      {text('contactEmail', EMAIL_MAX_LENGTH, 'email')}
      <PlainSegmented
        label={t('register.channel')}
        value={channel}
        onChange={changeChannel}
        testId="exhibitor-register-channel"
        options={CODE_CHANNELS.map((value) => ({ value, label: t(value === 'mobile' ? 'register.fields.contactMobile' : 'register.fields.contactEmail'), testId: `exhibitor-register-channel-${value}` }))}
      />
      <PlainField inputId={inputId('code')} label={t('register.code')} error={problems.code}>
        <VerificationCodeInput
          {...inputProps('code')}
          placeholder={t('register.codePlaceholder')}
          sendText={t('register.sendCode')}
          resendText={(seconds) => t('register.resendIn', { seconds })}
          testIdPrefix="exhibitor-register"
          code={verification}
          onSend={() => void onSendCode()}
        />
      </PlainField>
      <div className="plain-field">
        <AltchaCaptcha ref={verification.captcha} />
      </div>
      <PlainField inputId={inputId('password')} label={t('register.fields.password')} error={problems.password} hint={passwordHint}>
        <PasswordInput {...inputProps('password', true)} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="exhibitor-register-password" />
      </PlainField>
      <PlainField inputId={inputId('confirmPassword')} label={t('register.fields.confirmPassword')} error={problems.confirmPassword}>
        <PasswordInput {...inputProps('confirmPassword')} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="exhibitor-register-password-confirm" />
      </PlainField>
      <BusyButton type="submit" className="plain-button plain-button-primary plain-button-block" busy={busy} data-testid="exhibitor-register-submit">
        {t('register.submit')}
      </BusyButton>
    </form>
  );
}
