import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupMemberState } from '@portal/shared/visitor-group/visitor-group';
import { formatDateTime } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useInviteAgain, useRemoveMember, type GroupMember } from '../api/visitor-groups';

/** Red stays for errors (docs/decisions/0912-red-for-errors-only.md): a refusal is a state, not an error. */
const STATE_COLORS: Record<GroupMemberState, string> = { INVITED: 'default', JOINED: 'blue', WAIT: 'gold', DONE: 'green', REFUSE: 'default' };

/** A group's members (mobile and ID number masked) with where each is; the agent and the organizers can invite again or take out whoever has not applied. */
export function GroupMemberTable({ members, loading }: { members: readonly GroupMember[]; loading: boolean }) {
  const { t } = useTranslation(['visitor-group', 'application']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const inviteAgain = useInviteAgain();
  const remove = useRemoveMember();

  const act = async (action: Promise<unknown>, done: string) => {
    try {
      await action;
      void message.success(done);
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <Table<GroupMember>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={[...members]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="group-members"
      onRow={(member) => ({ 'data-testid': `group-member-${member.state}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'name', title: t('members.name'), dataIndex: 'name' },
        { key: 'mobile', title: t('members.mobile'), dataIndex: 'mobileMasked' },
        { key: 'id', title: t('members.idNumber'), render: (_, member) => `${t(`application:idTypes.${member.idType}`)} ${member.idNumberMasked}` },
        { key: 'state', title: t('members.state'), render: (_, member) => <Tag color={STATE_COLORS[member.state]}>{t(`states.${member.state}`)}</Tag> },
        { key: 'invited', title: t('members.invitedAt'), render: (_, member) => formatDateTime(member.invitedAt) },
        {
          key: 'actions',
          title: t('members.actions'),
          render: (_, member) =>
            member.state === 'INVITED' || member.state === 'JOINED' ? (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => void act(inviteAgain.mutateAsync(member.id), t('members.invited'))} data-testid="group-member-invite">
                  {t('members.inviteAgain')}
                </Button>
                <Popconfirm title={t('members.removeConfirm', { name: member.name })} okText={t('members.remove')} cancelText={t('members.keep')} onConfirm={() => act(remove.mutateAsync(member.id), t('members.removed'))}>
                  <Button type="link" size="small" data-testid="group-member-remove">
                    {t('members.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ) : null,
        },
      ]}
    />
  );
}
