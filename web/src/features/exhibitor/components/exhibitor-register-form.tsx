import { App, Button, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, ZRegisterExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { isStrongPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/shared/auth/credentials';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { schemaRule } from '../../../lib/schema-rule';
import { showAtFields } from '../../../lib/antd-field-errors';
import { serverFieldCodes, topLevelField } from '../../../lib/server-field-errors';
import { useErrorText } from '../../../lib/use-error-text';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { useRegisterExhibitor } from '../api/register-exhibitor';

type CodeChannel = 'mobile' | 'email';

interface RegisterValues {
  nameZh: string;
  nameEn: string;
  contactName: string;
  contactMobile: string;
  contactEmail: string;
  code: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['nameZh', 'nameEn', 'contactName', 'contactMobile', 'contactEmail', 'code', 'password'] as const;
type RegisterField = (typeof FIELDS)[number];
const FIELD_OF_CODE: Partial<Record<ErrorCode, RegisterField>> = {
  ACCOUNT_IDENTITY_TAKEN: 'contactEmail',
  AUTH_CODE_REQUIRED: 'code',
  AUTH_WRONG_CODE: 'code',
  AUTH_CODE_EXPIRED: 'code',
  AUTH_WRONG_IDENTITY_OR_CODE: 'code',
  PASSWORD_TOO_WEAK: 'password',
};
const shape = ZRegisterExhibitorInput.shape;

/**
 * Exhibitor self-registration (issue 9 item 1): the company's names, its contact, a code sent (after the
 * ALTCHA check) to the mobile or the email — the one chosen becomes the sign-in identity — and a password.
 */
export function ExhibitorRegisterForm({ onRegistered }: { onRegistered: () => Promise<void> }) {
  const { t } = useTranslation('exhibitor-account');
  const { notification, message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<RegisterValues>();
  const [channel, setChannel] = useState<CodeChannel>('email');
  const mutation = useRegisterExhibitor();
  const verification = useVerificationCode((title) => notification.error({ title, placement: 'top' }));
  const channelField = channel === 'mobile' ? 'contactMobile' : 'contactEmail';

  async function onSendCode() {
    const sent = await verification.sendCode(async () => {
      const valid = await form.validateFields([channelField]).then(
        () => true,
        () => false,
      );
      return valid ? { identity: String(form.getFieldValue(channelField)).trim().replace(channel === 'mobile' ? /[\s-]/g : /\s/g, ''), purpose: 'register', scope: 'exhibitor' } : undefined;
    });
    if (sent) void message.success(t('register.codeSent'));
  }

  async function onFinish({ confirmPassword: _confirm, ...values }: RegisterValues) {
    try {
      await mutation.mutateAsync({ ...values, codeSentTo: channel });
    } catch (error) {
      const problems = serverFieldCodes(error, topLevelField(FIELDS), FIELD_OF_CODE);
      if (problems.contactEmail === 'ACCOUNT_IDENTITY_TAKEN' && channel === 'mobile') problems.contactMobile = problems.contactEmail;
      showAtFields(form, problems, t);
      notification.error({ title: errorText(error), placement: 'top' });
      return;
    }
    await onRegistered();
  }

  const text = (name: keyof typeof shape, max: number, autoComplete: string, extra?: string) => (
    <Form.Item name={name} label={t(`register.fields.${name}`)} extra={extra} validateTrigger="onBlur" rules={[schemaRule(shape[name], t)]}>
      <Input maxLength={max} autoComplete={autoComplete} size="large" data-testid={`exhibitor-register-${name}`} />
    </Form.Item>
  );

  return (
    <Form<RegisterValues> form={form} name="exhibitor-register" layout="vertical" requiredMark={false} noValidate onFinish={(values) => void onFinish(values)}>
      {text('nameZh', COMPANY_NAME_MAX_LENGTH, 'organization')}
      {text('nameEn', COMPANY_NAME_MAX_LENGTH, 'off')}
      {text('contactName', NAME_MAX_LENGTH, 'name')}
      {text('contactMobile', 20, 'tel', t('register.mobileExtra'))}
      {text('contactEmail', EMAIL_MAX_LENGTH, 'email')}
      <Form.Item label={t('register.channel')}>
        <Segmented<CodeChannel>
          block
          value={channel}
          onChange={(value) => {
            setChannel(value);
            form.setFieldsValue({ code: '' });
          }}
          aria-label={t('register.channel')}
          data-testid="exhibitor-register-channel"
          options={[
            { value: 'email', label: <span data-testid="exhibitor-register-channel-email">{t('register.fields.contactEmail')}</span> },
            { value: 'mobile', label: <span data-testid="exhibitor-register-channel-mobile">{t('register.fields.contactMobile')}</span> },
          ]}
        />
      </Form.Item>
      <Form.Item name="code" label={t('register.code')} rules={[{ required: true, whitespace: true, message: t('errors:AUTH_CODE_REQUIRED') }]}>
        <VerificationCodeInput
          placeholder={t('register.codePlaceholder')}
          sendText={t('register.sendCode')}
          resendText={(seconds) => t('register.resendIn', { seconds })}
          testIdPrefix="exhibitor-register"
          code={verification}
          onSend={() => void onSendCode()}
        />
      </Form.Item>
      <Form.Item>
        <AltchaCaptcha ref={verification.captcha} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('register.fields.password')}
        extra={t('register.passwordRule', { min: PASSWORD_MIN_LENGTH })}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!value || !isStrongPassword(value)) throw new Error(t('errors:PASSWORD_TOO_WEAK'));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} size="large" data-testid="exhibitor-register-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('register.fields.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('register.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error(t('errors:PASSWORD_MISMATCH'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} size="large" data-testid="exhibitor-register-password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending} data-testid="exhibitor-register-submit">
        {t('register.submit')}
      </Button>
    </Form>
  );
}
