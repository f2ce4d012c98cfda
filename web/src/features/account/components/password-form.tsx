import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStrongPassword, PASSWORD_MIN_LENGTH } from '@portal/shared/auth/credentials';
import { useErrorText } from '../../../lib/use-error-text';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** SPEC 5: at least 8 characters mixing letters and digits; the confirmation must match. */
export function PasswordForm() {
  const { t } = useTranslation('account');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const mutation = useChangePassword();
  const [form] = Form.useForm<PasswordValues>();
  return (
    <Card title={<h2 className="card-title">{t('password.title')}</h2>}>
      <Form<PasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        onFinish={async (values) => {
          try {
            await mutation.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
            form.resetFields();
            void message.success(t('password.changed'));
          } catch (error) {
            notification.error({ title: errorText(error) });
          }
        }}
      >
        <Form.Item name="currentPassword" label={t('password.current')} rules={[{ required: true, message: t('errors:AUTH_PASSWORD_REQUIRED') }]}>
          <Input.Password autoComplete="current-password" data-testid="password-current" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          required
          extra={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value || !isStrongPassword(value)) throw new Error(t('errors:PASSWORD_TOO_WEAK'));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('errors:PASSWORD_MISMATCH'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="password-submit">
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
