import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Scope } from '@portal/shared/auth/scopes';
import { isEmail, normaliseIdentity } from '@portal/shared/auth/identity';
import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { VerificationCodeField } from '../../../components/verification-code-field';
import { useErrorText } from '../../../lib/use-error-text';
import { useVerificationCode } from '../../../lib/use-verification-code';
import { useLogin } from '../api/login';

export type LoginMode = 'password' | 'code';

interface LoginValues {
  identity: string;
  password?: string;
  code?: string;
}

/** SPEC 5/8: an email must be valid; otherwise a mobile (an 11-digit mainland number becomes +86…). */
export function identityProblem(value: string): 'required' | 'AUTH_INVALID_EMAIL' | 'AUTH_INVALID_IDENTITY' | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  if (trimmed.includes('@')) return isEmail(trimmed.toLowerCase()) ? undefined : 'AUTH_INVALID_EMAIL';
  return normaliseIdentity(trimmed) ? undefined : 'AUTH_INVALID_IDENTITY';
}

export function LoginForm({
  mode,
  scope,
  identity,
  onIdentityChange,
  onSignedIn,
}: {
  mode: LoginMode;
  scope: Scope;
  identity: string;
  onIdentityChange: (identity: string) => void;
  onSignedIn: (scope: Scope) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const { notification, message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<LoginValues>();
  const loginMutation = useLogin();
  const verification = useVerificationCode();
  const { captcha, captchaPayload, sendCode } = verification;

  const showError = (error: unknown) => notification.error({ title: errorText(error), placement: 'top' });

  async function onFinish(values: LoginValues) {
    const payload = await captchaPayload();
    if (!payload) return;
    try {
      await loginMutation.mutateAsync({
        identity: values.identity,
        ...(mode === 'password' ? { password: values.password ?? '' } : { code: values.code ?? '' }),
        captcha: payload,
        scope,
      });
    } catch (error) {
      captcha.current?.reset();
      showError(error);
      return;
    }
    await onSignedIn(scope);
  }

  async function onSendCode() {
    const sent = await sendCode(async () => {
      const valid = await form.validateFields(['identity']).then(
        () => true,
        () => false,
      );
      return valid ? { identity: form.getFieldValue('identity') as string, purpose: 'login', scope } : undefined;
    });
    if (sent) void message.success(t('codeSent'));
  }

  const busy = loginMutation.isPending;
  return (
    <Form<LoginValues>
      form={form}
      name={`login-${mode}`}
      layout="vertical"
      requiredMark={false}
      // The widget's checkbox is `required`: native validation would block the submission while it is still solving; getPayload() waits for it instead.
      noValidate
      initialValues={{ identity }}
      onValuesChange={(changed) => {
        if (typeof changed.identity === 'string') onIdentityChange(changed.identity);
      }}
      onFinish={(values) => void onFinish(values)}
    >
      <Form.Item
        name="identity"
        label={t('identity.label')}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = identityProblem(value ?? '');
              if (problem === 'required') throw new Error(t('identity.required'));
              if (problem) throw new Error(t(`errors:${problem}`));
            },
          },
        ]}
      >
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" inputMode="email" placeholder={t('identity.placeholder')} data-testid="login-identity" size="large" />
      </Form.Item>
      {mode === 'password' ? (
        <Form.Item name="password" label={t('password.label')} rules={[{ required: true, message: t('errors:AUTH_PASSWORD_REQUIRED') }]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" placeholder={t('password.placeholder')} data-testid="login-password" size="large" />
        </Form.Item>
      ) : (
        <VerificationCodeField
          inputId={`login-${mode}_code`}
          label={t('code.label')}
          placeholder={t('code.placeholder')}
          sendText={t('code.send')}
          resendText={(seconds) => t('code.resendIn', { seconds })}
          testIdPrefix="login"
          code={verification}
          onSend={() => void onSendCode()}
        />
      )}
      <Form.Item>
        <AltchaCaptcha ref={captcha} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-submit">
        {t('submit')}
      </Button>
    </Form>
  );
}
