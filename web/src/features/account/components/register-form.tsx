import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZRegisterAudienceInput } from '@portal/shared/account/account.schema';
import { NAME_MAX_LENGTH } from '@portal/shared/application/application.schema';
import { isStrongPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/shared/auth/credentials';
import { schemaRule } from '../../../lib/schema-rule';
import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { VerificationCodeField } from '../../../components/verification-code-field';
import { useErrorText } from '../../../lib/use-error-text';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { useRegisterAudience } from '../api/register-audience';
import { registerFieldProblems, registerIdentity, registerIdentityProblem, type RegisterMethod } from '../lib/register-rules';
import { showAtFields } from '../../../lib/server-field-errors';

interface RegisterValues {
  identity: string;
  code: string;
  name: string;
  password: string;
  confirmPassword: string;
}

/**
 * Visitor registration (SPEC 2/5): a code sent to the mobile or email after the ALTCHA check, a
 * name and a password with its confirmation. The account is created and signed in at once.
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => Promise<void> }) {
  const { t } = useTranslation('visitor');
  const { notification, message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<RegisterValues>();
  const [method, setMethod] = useState<RegisterMethod>('mobile');
  const registerMutation = useRegisterAudience();
  const verification = useVerificationCode((title) => notification.error({ title, placement: 'top' }));
  const { captcha, sendCode } = verification;

  const showError = (error: unknown) => notification.error({ title: errorText(error), placement: 'top' });

  async function onSendCode() {
    const sent = await sendCode(async () => {
      const valid = await form.validateFields(['identity']).then(
        () => true,
        () => false,
      );
      return valid ? { identity: registerIdentity(method, form.getFieldValue('identity') as string), purpose: 'register', scope: 'audience' } : undefined;
    });
    if (sent) void message.success(t('register.code.sent'));
  }

  async function onFinish(values: RegisterValues) {
    try {
      await registerMutation.mutateAsync({ identity: registerIdentity(method, values.identity), code: values.code, password: values.password, name: values.name });
    } catch (error) {
      // Every refusal the server ties to a field is shown at that field, and the page scrolls to it.
      showAtFields(form, registerFieldProblems(error), t);
      showError(error);
      return;
    }
    await onRegistered();
  }

  return (
    <Form<RegisterValues>
      form={form}
      name="visitor-register"
      layout="vertical"
      requiredMark={false}
      // The widget's checkbox is `required`: native validation would block the form while it is still solving.
      noValidate
      onFinish={(values) => void onFinish(values)}
    >
      <Form.Item label={t('register.method.label')}>
        <Segmented<RegisterMethod>
          block
          value={method}
          onChange={(value) => {
            setMethod(value);
            form.setFieldsValue({ identity: '', code: '' });
            form.resetFields(['identity']);
          }}
          aria-label={t('register.method.label')}
          data-testid="register-method"
          options={[
            { value: 'mobile', label: <span data-testid="register-method-mobile">{t('register.method.mobile')}</span> },
            { value: 'email', label: <span data-testid="register-method-email">{t('register.method.email')}</span> },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="identity"
        label={t(`register.${method}.label`)}
        extra={method === 'mobile' ? t('register.mobile.extra') : undefined}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = registerIdentityProblem(method, value ?? '');
              if (problem === 'required') throw new Error(t(`register.${method}.required`));
              if (problem) throw new Error(method === 'email' ? t('errors:AUTH_INVALID_EMAIL') : t('register.mobile.invalid'));
            },
          },
        ]}
      >
        {method === 'mobile' ? (
          <Input prefix={<MobileOutlined aria-hidden />} type="tel" inputMode="tel" autoComplete="tel" placeholder={t('register.mobile.placeholder')} size="large" data-testid="register-identity" />
        ) : (
          <Input prefix={<MailOutlined aria-hidden />} type="email" inputMode="email" autoComplete="email" placeholder={t('register.email.placeholder')} size="large" data-testid="register-identity" />
        )}
      </Form.Item>
      <VerificationCodeField
        inputId="visitor-register_code"
        label={t('register.code.label')}
        placeholder={t('register.code.placeholder')}
        sendText={t('register.code.send')}
        resendText={(seconds) => t('register.code.resendIn', { seconds })}
        required
        testIdPrefix="register"
        code={verification}
        onSend={() => void onSendCode()}
      />
      <Form.Item>
        <AltchaCaptcha ref={captcha} />
      </Form.Item>
      <Form.Item name="name" label={t('register.name.label')} validateFirst rules={[{ required: true, whitespace: true, message: t('register.name.required') }, schemaRule(ZRegisterAudienceInput.shape.name, t)]}>
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="name" placeholder={t('register.name.placeholder')} size="large" maxLength={NAME_MAX_LENGTH} data-testid="register-name" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('register.password.label')}
        extra={t('register.password.extra', { min: PASSWORD_MIN_LENGTH })}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!value || !isStrongPassword(value)) throw new Error(t('errors:PASSWORD_TOO_WEAK'));
            },
          },
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} size="large" data-testid="register-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('register.password.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('register.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error(t('errors:PASSWORD_MISMATCH'));
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} size="large" data-testid="register-password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={registerMutation.isPending} data-testid="register-submit">
        {t('register.submit')}
      </Button>
    </Form>
  );
}
