import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scope } from '@portal/shared/auth/scopes';
import { isEmail, normaliseIdentity } from '@portal/shared/auth/identity';
import { useCountdown } from '../../../lib/use-countdown';
import { useErrorText } from '../../../lib/use-error-text';
import { useLogin } from '../api/login';
import { useSendCode } from '../../../lib/send-code';
import { AltchaCaptcha, type AltchaCaptchaHandle } from '../../../components/altcha-captcha';

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
  const captcha = useRef<AltchaCaptchaHandle>(null);
  const loginMutation = useLogin();
  const sendCodeMutation = useSendCode();
  const { remaining, start } = useCountdown();

  const showError = (error: unknown) => notification.error({ title: errorText(error), placement: 'top' });

  async function captchaPayload(): Promise<string | undefined> {
    try {
      return await (captcha.current?.getPayload() ?? Promise.reject(new Error('captcha missing')));
    } catch {
      captcha.current?.reset();
      notification.error({ title: t('errors:AUTH_CAPTCHA_INVALID') });
      return undefined;
    }
  }

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
    try {
      await form.validateFields(['identity']);
    } catch {
      return;
    }
    const payload = await captchaPayload();
    if (!payload) return;
    try {
      const wait = await sendCodeMutation.mutateAsync({ identity: form.getFieldValue('identity') as string, captcha: payload, purpose: 'login', scope });
      start(wait);
      void message.success(t('codeSent'));
    } catch (error) {
      showError(error);
    } finally {
      captcha.current?.reset();
    }
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
        <Form.Item label={t('code.label')} htmlFor={`login-${mode}_code`}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('errors:AUTH_CODE_REQUIRED') }]}>
              <Input
                id={`login-${mode}_code`}
                prefix={<SafetyOutlined aria-hidden />}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={8}
                placeholder={t('code.placeholder')}
                data-testid="login-code"
                size="large"
              />
            </Form.Item>
            <Button size="large" onClick={() => void onSendCode()} loading={sendCodeMutation.isPending} disabled={remaining > 0} data-testid="login-send-code">
              {remaining > 0 ? t('code.resendIn', { seconds: remaining }) : t('code.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
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
