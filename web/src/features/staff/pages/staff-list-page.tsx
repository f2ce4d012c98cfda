import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '@portal/shared/auth/scopes';
import { STAFF_KEYWORD_MAX_LENGTH, ZStaffListInput } from '@portal/shared/staff/staff.schema';
import type { StaffFieldsFragment } from '../../../graphql/operations.generated';
import { AccountActions } from '../../../components/account-actions';
import { InitialPasswordDialog, type InitialPasswordNotice } from '../../../components/initial-password-dialog';
import { LoadErrorCard } from '../../../components/load-error-card';
import { formatDateTime } from '../../../lib/format/date-time';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { useSetStaffDisabled } from '../api/set-staff-disabled';
import { useStaff } from '../api/staff';
import { StaffFormDialog } from '../components/staff-form-dialog';
import { PageHeader } from '../../../components/page-header';
import { useOpeningKey } from '../../../lib/use-opening-key';
import { listPagination } from '../../../components/list-pagination';
import { KeywordFilter } from '../../../components/keyword-filter';
import { useListState } from '../../../lib/list-state';

const PAGE_SIZES = [20, 50, 100];
type StateFilter = 'enabled' | 'disabled' | '';

const identitiesOf = (staff: StaffFieldsFragment) => [staff.email, staff.mobile].filter((value): value is string => !!value);

/**
 * /wo/system/staff (ROLE_SUPER_ADMIN): the organizer accounts with their roles, filtered
 * and paged on the server; create (initial password shown once), change roles, disable / enable, reset the password.
 */
export function StaffListPage() {
  const { t } = useTranslation('staff');
  // The filter and page live in the URL (a reload or a shared link shows the same page).
  const { input: state, update } = useListState(ZStaffListInput);
  const list = useStaff(state);
  const [editing, setEditing] = useState<{ staff?: StaffFieldsFragment } | undefined>();
  const dialogKey = useOpeningKey(!!editing);
  const [notice, setNotice] = useState<InitialPasswordNotice | undefined>();
  const setDisabled = useSetStaffDisabled();
  const reset = useResetStaffPassword();

  const showPassword = ({ staff, initialPassword }: { staff: StaffFieldsFragment; initialPassword: string }) =>
    setNotice({ holderLabel: t('columns.name'), holder: staff.name, identities: identitiesOf(staff), initialPassword, warning: t('initialPassword.once') });

  const columns: TableColumnsType<StaffFieldsFragment> = [
    {
      title: t('columns.name'),
      key: 'name',
      render: (_value, row) => (
        <Flex vertical>
          <Typography.Text strong data-testid="staff-name">
            {row.name}
          </Typography.Text>
          {row.passwordChanged ? null : <Typography.Text type="secondary" data-testid="staff-initial-password">{t('columns.initialPassword')}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('columns.account'), key: 'account', render: (_value, row) => identitiesOf(row).join(' / ') },
    {
      title: t('columns.roles'),
      key: 'roles',
      render: (_value, row) => (
        <Flex wrap gap={4} data-testid="staff-roles">
          {row.roles.map((role) => (
            <Tag key={role} color={role === 'ROLE_SUPER_ADMIN' ? 'red' : 'blue'}>
              {t(`roles.${role}`)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('columns.state'),
      key: 'state',
      render: (_value, row) => <Tag color={row.disabled ? 'default' : 'green'} data-testid="staff-state">{t(row.disabled ? 'state.disabled' : 'state.enabled')}</Tag>,
    },
    { title: t('columns.lastLogin'), dataIndex: 'lastLoginDate', render: (value: string | null) => (value ? formatDateTime(value) : t('columns.never')) },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_value, row) => (
        <AccountActions
          namespace="staff"
          testIdPrefix="staff"
          disabled={row.disabled}
          setEnabled={(enabled) => setDisabled.mutateAsync({ id: row.id, disabled: !enabled })}
          resetPassword={() => reset.mutateAsync(row.id)}
          onReset={showPassword}
        >
          <Button size="small" data-testid="staff-edit-roles" onClick={() => setEditing({ staff: row })}>
            {t('actions.editRoles')}
          </Button>
        </AccountActions>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="staff-list-page">
      <PageHeader title={t('list.title')}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})} data-testid="staff-create">
          {t('actions.create')}
        </Button>
      </PageHeader>
      <Card size="small">
        <Flex wrap gap={12}>
          <Select<Role | ''>
            value={state.role ?? ''}
            onChange={(value) => update({ role: value || null })}
            style={{ minWidth: 180 }}
            aria-label={t('columns.roles')}
            data-testid="staff-role-filter"
            options={[{ value: '', label: t('list.allRoles') }, ...ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))]}
          />
          <Select<StateFilter>
            value={typeof state.disabled === 'boolean' ? (state.disabled ? 'disabled' : 'enabled') : ''}
            onChange={(value) => update({ disabled: value ? value === 'disabled' : null })}
            style={{ minWidth: 140 }}
            aria-label={t('columns.state')}
            data-testid="staff-state-filter"
            options={[
              { value: '', label: t('list.allStates') },
              { value: 'enabled', label: t('state.enabled') },
              { value: 'disabled', label: t('state.disabled') },
            ]}
          />
          <KeywordFilter
            value={state.keyword}
            label={t('list.keyword')}
            maxLength={STAFF_KEYWORD_MAX_LENGTH}
            searchText={t('list.search')}
            onSearch={(keyword) => update({ keyword })}
            style={{ maxWidth: 420 }}
            testId="staff-keyword"
          />
        </Flex>
      </Card>
      {list.isError && !list.data ? (
        <LoadErrorCard error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<StaffFieldsFragment>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.nodes ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          onRow={(row) => ({ 'data-testid': `staff-row-${row.id}` }) as object}
          pagination={listPagination({
            page: state.page,
            pageSize: state.pageSize,
            total: list.data?.total ?? 0,
            pageSizes: PAGE_SIZES,
            totalText: (total) => t('list.total', { count: total }),
            onChange: (page, pageSize) => update({ page, pageSize }),
          })}
        />
      )}
      <StaffFormDialog key={dialogKey} open={!!editing} staff={editing?.staff} onClose={() => setEditing(undefined)} onCreated={showPassword} />
      <InitialPasswordDialog notice={notice} onClose={() => setNotice(undefined)} />
    </Flex>
  );
}
