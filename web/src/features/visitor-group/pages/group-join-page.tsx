import { Alert, App, Button, Card, Flex, Form, Input, Result, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ID_TYPES } from '@portal/shared/application/id-number';
import type { TConfirmGroupMembershipInput } from '@portal/shared/visitor-group/visitor-group';
import { PATHS } from '../../../app/paths';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../lib/use-error-text';
import { useConfirmMembership, useMyGroupMembership } from '../api/visitor-groups';

/**
 * /wa/group/join: what a member's invitation opens. Signed in with the mobile the agent entered, the member types
 * their own ID type and number; the same as the agent's entry joins them, and the application form then carries the
 * group's code. Their consents and photos are given on that form, by them (PIPL: nobody consents for another).
 */
export function GroupJoinPage() {
  const { t } = useTranslation(['visitor-group', 'application']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const membership = useMyGroupMembership();
  const confirm = useConfirmMembership();

  if (membership.isPending) return <Spin />;
  if (membership.isError) return <Alert type="error" showIcon title={errorText(membership.error)} />;
  const entry = membership.data;
  if (!entry) return <Result status="info" title={t('join.notInvited')} subTitle={t('join.notInvitedHint')} data-testid="group-join-none" />;
  if (entry.joined) {
    return (
      <Result
        status="success"
        title={<span data-testid="group-joined">{t('join.joined', { group: entry.groupName })}</span>}
        subTitle={t('join.next')}
        extra={
          <Button type="primary" onClick={() => void navigate(PATHS.visitorApplication)} data-testid="group-join-apply">
            {t('join.apply')}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 560 }} data-testid="group-join-page">
      <PageHeader title={t('join.title')} />
      <Card>
        <Typography.Paragraph>{t('join.intro', { group: entry.groupName })}</Typography.Paragraph>
        <Form<TConfirmGroupMembershipInput>
          layout="vertical"
          onFinish={async (values) => {
            try {
              await confirm.mutateAsync(values);
              void message.success(t('join.done'));
            } catch (error) {
              void message.error({ content: <span data-testid="group-join-refused">{errorText(error)}</span> });
            }
          }}
        >
          <Form.Item name="idType" label={t('application:fields.idType')} rules={[{ required: true, message: t('application:placeholders.idType') }]}>
            <Select data-testid="group-join-id-type" options={ID_TYPES.map((type) => ({ value: type, label: t(`application:idTypes.${type}`) }))} />
          </Form.Item>
          <Form.Item name="idNumber" label={t('application:fields.idNumber')} rules={[{ required: true, message: t('join.idNumberRequired') }]}>
            <Input autoComplete="off" data-testid="group-join-id-number" />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('join.privacy')}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="group-join-submit">
            {t('join.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
