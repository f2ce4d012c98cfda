import { App, Button, type ButtonProps, Drawer, Flex, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_GROUP_MEMBERS, type TCreateGroupInput } from '@portal/shared/visitor-group/visitor-group';
import { PATHS } from '../../../app/paths';
import { MobileNumberInput } from '../../../components/mobile-number-input';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useApproveGroup, useCreateGroup, useDeleteGroup, useSetGroupLimit, useVisitorGroups, type VisitorGroup } from '../api/visitor-groups';
import { GroupPanel } from '../components/group-panel';

/**
 * /wo/audience/groups: the agents' groups (docs/decisions/0210-group-registration.md). The organizer creates a group
 * for an agent's mobile with its member limit, follows how far its members are, changes the limit, and approves
 * the group's waiting applications together — or opens them in the approval list to review one by one.
 */
export function GroupListPage() {
  const { t } = useTranslation('visitor-group');
  const errorText = useErrorText();
  const groups = useVisitorGroups(false);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = groups.data?.find((group) => group.id === openId) ?? null;

  return (
    <Flex vertical gap="middle" data-testid="group-list-page">
      <PageHeader title={t('list.title')}>
        <Button type="primary" onClick={() => setCreating(true)} data-testid="group-create">
          {t('list.create')}
        </Button>
      </PageHeader>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('list.intro')}
      </Typography.Paragraph>
      <Table<VisitorGroup>
        rowKey="id"
        loading={groups.isPending}
        dataSource={groups.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: groups.isError ? errorText(groups.error) : t('list.empty') }}
        data-testid="group-table"
        columns={[
          { key: 'name', title: t('list.name'), dataIndex: 'name' },
          { key: 'agent', title: t('list.agent'), dataIndex: 'agentMobileMasked' },
          { key: 'members', title: t('counts.members'), render: (_, group) => t('counts.ofLimit', { count: group.members, limit: group.memberLimit }) },
          { key: 'joined', title: t('counts.joined'), dataIndex: 'joined' },
          { key: 'waiting', title: t('counts.waiting'), dataIndex: 'waiting' },
          { key: 'approved', title: t('counts.approved'), dataIndex: 'approved' },
          { key: 'created', title: t('list.created'), render: (_, group) => formatDateTime(group.createdAt) },
          {
            key: 'open',
            title: t('members.actions'),
            render: (_, group) => (
              <Button type="link" size="small" onClick={() => setOpenId(group.id)} data-testid={`group-open-${group.name}`}>
                {t('list.open')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={open !== null} onClose={() => setOpenId(null)} title={open?.name} size="large" destroyOnHidden data-testid="group-drawer">
        {open ? <GroupPanel group={open} actions={<OrganizerActions group={open} onDeleted={() => setOpenId(null)} />} /> : null}
      </Drawer>
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} onCreated={(group) => setOpenId(group.id)} />
    </Flex>
  );
}

/** Approve the group's waiting applications, review them in the list, change the limit, delete the group. */
function OrganizerActions({ group, onDeleted }: { group: VisitorGroup; onDeleted: () => void }) {
  const { t } = useTranslation('visitor-group');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const approve = useApproveGroup();
  const setLimit = useSetGroupLimit();
  const remove = useDeleteGroup();
  const [limit, setLimitValue] = useState<number | null>(group.memberLimit);

  return (
    <Space wrap>
      <Popconfirm
        title={t('approve.confirm', { count: group.waiting })}
        okText={t('approve.ok')}
        cancelText={t('approve.cancel')}
        disabled={group.waiting === 0}
        okButtonProps={{ 'data-testid': 'group-approve-confirm' } as ButtonProps}
        onConfirm={async () => {
          try {
            const approved = await approve.mutateAsync(group.id);
            void message.success({ content: <span data-testid="group-approved">{t('approve.done', { count: approved })}</span> });
          } catch (error) {
            void message.error(errorText(error));
          }
        }}
      >
        <Button type="primary" disabled={group.waiting === 0} loading={approve.isPending} data-testid="group-approve">
          {t('approve.button', { count: group.waiting })}
        </Button>
      </Popconfirm>
      <Link to={`${PATHS.organizerAudienceList}?${new URLSearchParams({ groupId: group.id }).toString()}`} data-testid="group-review-list">
        {t('approve.oneByOne')}
      </Link>
      <Space.Compact>
        <InputNumber min={1} max={MAX_GROUP_MEMBERS} precision={0} value={limit} onChange={setLimitValue} aria-label={t('list.limit')} data-testid="group-limit" />
        <Button
          disabled={!limit || limit === group.memberLimit}
          loading={setLimit.isPending}
          onClick={async () => {
            if (!limit) return;
            try {
              await setLimit.mutateAsync({ groupId: group.id, memberLimit: limit });
              void message.success(t('list.limitSaved'));
            } catch (error) {
              void message.error(errorText(error));
            }
          }}
          data-testid="group-limit-save"
        >
          {t('list.saveLimit')}
        </Button>
      </Space.Compact>
      <Popconfirm
        title={t('delete.confirm', { name: group.name })}
        okText={t('delete.ok')}
        cancelText={t('approve.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'group-delete-confirm' } as ButtonProps}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(group.id);
            void message.success(t('delete.done', { name: group.name }));
            onDeleted();
          } catch (error) {
            void message.error(errorText(error));
          }
        }}
      >
        <Button danger loading={remove.isPending} data-testid="group-delete">
          {t('delete.button')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

function CreateGroupDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (group: VisitorGroup) => void }) {
  const { t } = useTranslation('visitor-group');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const create = useCreateGroup();
  const [form] = Form.useForm<TCreateGroupInput>();

  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.ok')}
      cancelText={t('create.cancel')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'group-create-ok' } }}
    >
      <Form<TCreateGroupInput>
        form={form}
        layout="vertical"
        initialValues={{ memberLimit: 40 }}
        onFinish={async (values) => {
          try {
            const group = await create.mutateAsync(values);
            void message.success(t('create.done', { name: group.name }));
            form.resetFields();
            onClose();
            onCreated(group);
          } catch (error) {
            void message.error(errorText(error));
          }
        }}
      >
        <Form.Item name="name" label={t('create.name')} rules={[{ required: true, message: t('create.nameRequired') }]}>
          <Input maxLength={60} data-testid="group-create-name" />
        </Form.Item>
        <Form.Item name="agentMobile" label={t('create.agentMobile')} extra={t('create.agentHint')} rules={[{ required: true, message: t('create.agentRequired') }]}>
          <MobileNumberInput testId="group-create-agent" />
        </Form.Item>
        <Form.Item name="memberLimit" label={t('create.limit')} rules={[{ required: true, message: t('create.limitRequired') }]}>
          <InputNumber min={1} max={MAX_GROUP_MEMBERS} precision={0} data-testid="group-create-limit" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
