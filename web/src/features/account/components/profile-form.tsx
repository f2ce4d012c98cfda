import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX_LENGTH, PROFILE_NAME_MAX_LENGTH, ZUpdateProfileInput } from '@portal/shared/account/account.schema';
import { schemaRule } from '../../../lib/schema-rule';
import { useServerFieldErrors } from '../../../lib/antd-field-errors';
import { profileFieldProblems } from '../lib/settings-field-problems';
import { useErrorText } from '../../../lib/use-error-text';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileValues {
  name: string;
  nickname?: string;
}

export function ProfileForm({ name, nickname, onSaved }: { name: string; nickname: string | null; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation('account');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const mutation = useUpdateProfile();
  const [form] = Form.useForm<ProfileValues>();
  const serverErrors = useServerFieldErrors<keyof ProfileValues & string>(form, t);
  return (
    <Card title={<h2 className="card-title">{t('profile.title')}</h2>}>
      <Form<ProfileValues>
        form={form} onValuesChange={serverErrors.clearChanged}
        name="profile"
        layout="vertical"
        initialValues={{ name, nickname: nickname ?? '' }}
        onFinish={async (values) => {
          try {
            await mutation.mutateAsync({ name: values.name, nickname: values.nickname ?? null });
            await onSaved();
            void message.success(t('profile.saved'));
          } catch (error) {
            serverErrors.show(profileFieldProblems(error));
            notification.error({ title: errorText(error) });
          }
        }}
      >
        <Form.Item name="name" label={t('profile.name')} validateFirst rules={[{ required: true, whitespace: true, message: t('errors:PROFILE_NAME_INVALID') }, schemaRule(ZUpdateProfileInput.shape.name, t)]}>
          <Input autoComplete="name" maxLength={PROFILE_NAME_MAX_LENGTH} data-testid="profile-name" />
        </Form.Item>
        <Form.Item name="nickname" label={t('profile.nickname')} rules={[schemaRule(ZUpdateProfileInput.shape.nickname, t)]}>
          <Input autoComplete="nickname" maxLength={NICKNAME_MAX_LENGTH} data-testid="profile-nickname" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="profile-submit">
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}
