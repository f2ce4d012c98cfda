import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZPasswordForm } from '@portal/shared/account/account.schema';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/shared/auth/credentials';
import { schemaRule } from '../../../lib/schema-rule';
import { useServerFieldErrors } from '../../../lib/antd-field-errors';
import { passwordFieldProblems } from '../lib/settings-field-problems';
import { useErrorText } from '../../../lib/use-error-text';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * SPEC 5: at least 8 characters mixing letters and digits; the confirmation must match. In the settings
 * page it is a card; `framed={false}` gives the bare form (the change-password dialog).
 */
export function PasswordForm({ framed = true, onChanged }: { framed?: boolean; onChanged?: () => Promise<unknown> }) {
  const { t } = useTranslation('account');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const mutation = useChangePassword();
  const [form] = Form.useForm<PasswordValues>();
  const serverErrors = useServerFieldErrors<keyof PasswordValues & string>(form, t);
  const passwordForm = (
    <Form<PasswordValues>
      form={form} onValuesChange={serverErrors.clearChanged}
      name="change-password"
      layout="vertical"
      onFinish={async (values) => {
        try {
          await mutation.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
          form.resetFields();
          void message.success(t('password.changed'));
          await onChanged?.();
        } catch (error) {
          serverErrors.show(passwordFieldProblems(error));
          notification.error({ title: errorText(error) });
        }
      }}
    >
      <Form.Item name="currentPassword" label={t('password.current')} required rules={[schemaRule(ZPasswordForm.shape.currentPassword, t)]}>
        <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="password-current" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        required
        extra={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
        rules={[schemaRule(ZPasswordForm.shape.newPassword, t)]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldsValue }) => ({
            // The shared form schema's own check: the confirmation must match.
            validator: async () => {
              const result = ZPasswordForm.safeParse(getFieldsValue(['currentPassword', 'newPassword', 'confirmPassword']));
              const mismatch = result.error?.issues.find((issue) => issue.path[0] === 'confirmPassword');
              if (mismatch) throw new Error(t(`errors:${mismatch.message}`));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </Form>
  );
  return framed ? <Card title={<h2 className="card-title">{t('password.title')}</h2>}>{passwordForm}</Card> : passwordForm;
}
