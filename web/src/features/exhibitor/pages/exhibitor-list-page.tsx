import { PlusOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Flex, Popconfirm, Select, Table, Space, Tag, Tooltip, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXHIBITOR_KEYWORD_MAX_LENGTH, EXHIBITOR_STATUSES, ZExhibitorListInput, type ExhibitorStatus } from '@portal/shared/exhibitor/exhibitor.schema';
import type { ExhibitorFieldsFragment } from '../../../graphql/operations.generated';
import { AccountActions } from '../../../components/account-actions';
import { InitialPasswordDialog, type InitialPasswordNotice } from '../../../components/initial-password-dialog';
import { LoadErrorCard } from '../../../components/load-error-card';
import { formatDateTime } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useApproveExhibitor } from '../api/approve-exhibitor';
import { useApproveExhibitors } from '../api/approve-exhibitors';
import { useExhibitors } from '../api/exhibitors';
import { useResetExhibitorPassword } from '../api/reset-exhibitor-password';
import { useSetExhibitorEnabled } from '../api/set-exhibitor-enabled';
import { ExhibitorFormDialog } from '../components/exhibitor-form-dialog';
import { ExhibitorStatusTag } from '../components/exhibitor-status-tag';
import { PageHeader } from '../../../components/page-header';
import { ExportLinkButton } from '../../../components/export-link-button';
import { ScrollRegion } from '../../../components/scroll-region';
import { useOpeningKey } from '../../../lib/use-opening-key';
import { listPagination } from '../../../components/list-pagination';
import { KeywordFilter } from '../../../components/keyword-filter';
import { useListState } from '../../../lib/list-state';
import { badgeQuotaText } from '../lib/badge-quota-text';
import { ExhibitorImportButton } from '../components/exhibitor-import-dialog';

const PAGE_SIZES = [20, 50, 100];

function identitiesOf(exhibitor: ExhibitorFieldsFragment): string[] {
  return exhibitor.accounts.flatMap((account) => [account.email, account.mobile].filter((value): value is string => !!value));
}

/**
 * /wo/exhibitor/list: every exhibiting company, filtered by status and keyword and paged
 * on the server, with its booth and badges (used / limit, how the limit was reached, over the limit after a
 * rule change); create (initial password shown once), edit, approve one or the selected self-registrations
 * (told the badge limit each got), disable / enable, reset the password; import companies from a spreadsheet and
 * export the filtered list.
 */
export function ExhibitorListPage() {
  const { t } = useTranslation('exhibitor-account');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  // The filter and page live in the URL (a reload or a shared link shows the same page).
  const { input: state, update } = useListState(ZExhibitorListInput);
  const list = useExhibitors(state);
  const [editing, setEditing] = useState<{ exhibitor?: ExhibitorFieldsFragment } | undefined>();
  const dialogKey = useOpeningKey(!!editing);
  const [notice, setNotice] = useState<InitialPasswordNotice | undefined>();
  const approve = useApproveExhibitor();
  const approveMany = useApproveExhibitors();
  // Only PENDING rows can be selected; the selection is of the page shown and ends with it.
  const [selected, setSelected] = useState<string[]>([]);
  const pendingIds = new Set((list.data?.nodes ?? []).filter((row) => row.status === 'PENDING').map((row) => row.id));
  const selection = selected.filter((id) => pendingIds.has(id));
  const setEnabled = useSetExhibitorEnabled();
  const reset = useResetExhibitorPassword();

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      void message.success(done);
    } catch (error) {
      notification.error({ title: errorText(error) });
    }
  };
  // An approval gives each company the limit its booth's quota rule gives: say which, so the organizer can adjust it.
  const tellLimits = (approved: ReadonlyArray<Pick<ExhibitorFieldsFragment, 'nameZh' | 'credentialLimit'>>) =>
    notification.info({ title: t('actions.approvedLimits', { companies: approved.map((company) => `${company.nameZh} ${company.credentialLimit}`).join('、') }), duration: 0, props: { 'data-testid': 'exhibitor-approved-limits' } as object });
  const approveSelection = () =>
    act(async () => {
      tellLimits(await approveMany.mutateAsync(selection));
      setSelected([]);
    }, t('actions.approvedMany', { count: selection.length }));
  const showPassword = ({ exhibitor, initialPassword }: { exhibitor: ExhibitorFieldsFragment; initialPassword: string }) =>
    setNotice({ holderLabel: t('columns.company'), holder: exhibitor.nameZh, identities: identitiesOf(exhibitor), initialPassword, warning: t('initialPassword.once') });

  const columns: TableColumnsType<ExhibitorFieldsFragment> = [
    {
      title: t('columns.company'),
      key: 'company',
      render: (_value, row) => (
        <Flex gap={8} align="center">
          {row.logo ? <Avatar shape="square" size={40} src={row.logo} alt={t('columns.logoAlt', { name: row.nameZh })} data-testid="exhibitor-logo" /> : null}
          <Flex vertical>
            <Typography.Text strong data-testid="exhibitor-name">
              {row.nameZh}
            </Typography.Text>
            <Typography.Text type="secondary">{row.nameEn}</Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { title: t('columns.status'), key: 'status', render: (_value, row) => <ExhibitorStatusTag status={row.status} /> },
    {
      title: t('columns.booth'),
      key: 'booth',
      width: 140,
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.bootNumber ?? '—'}</span>
          {row.boothArea || row.boothType ? (
            <Typography.Text type="secondary" data-testid="exhibitor-booth">
              {[row.boothArea ? `${row.boothArea} m²` : null, row.boothType ? t(`badge-quota:boothType.${row.boothType}`) : null].filter(Boolean).join(' · ')}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('columns.credentials'),
      key: 'credentials',
      render: (_value, row) => (
        <Flex gap={4} align="center" wrap>
          <Tooltip title={badgeQuotaText(row.quota, t)}>
            <span data-testid="exhibitor-credentials">{`${row.usedCredentials} / ${row.credentialLimit}`}</span>
          </Tooltip>
          {row.usedCredentials > row.credentialLimit ? (
            <Tag color="red" data-testid="exhibitor-over-limit">
              {t('columns.overLimit')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('columns.contact'),
      key: 'contact',
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.contactName ?? '—'}</span>
          <Typography.Text type="secondary">{[row.contactMobile, row.contactEmail].filter(Boolean).join(' / ')}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('columns.account'),
      key: 'account',
      render: (_value, row) => (
        <Flex vertical>
          <span>{identitiesOf(row).join(' / ')}</span>
          {row.accounts.some((account) => !account.passwordChanged) ? <Typography.Text type="secondary">{t('columns.initialPassword')}</Typography.Text> : null}
        </Flex>
      ),
    },
    { title: t('columns.createdAt'), dataIndex: 'createdAt', render: (value: string) => formatDateTime(value) },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_value, row) => (
        <AccountActions
          namespace="exhibitor-account"
          testIdPrefix="exhibitor"
          disabled={row.status === 'DISABLED'}
          setEnabled={(enabled) => setEnabled.mutateAsync({ id: row.id, enabled })}
          resetPassword={() => reset.mutateAsync(row.id)}
          onReset={showPassword}
        >
          {row.status === 'PENDING' ? (
            <Button size="small" type="primary" data-testid="exhibitor-approve" loading={approve.isPending && approve.variables === row.id} onClick={() => void act(async () => tellLimits([await approve.mutateAsync(row.id)]), t('actions.approved'))}>
              {t('actions.approve')}
            </Button>
          ) : null}
          <Button size="small" data-testid="exhibitor-edit" onClick={() => setEditing({ exhibitor: row })}>
            {t('actions.edit')}
          </Button>
        </AccountActions>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="exhibitor-list-page">
      <PageHeader title={t('list.title')}>
        <Space wrap>
          <ExhibitorImportButton />
          <ExportLinkButton href={exhibitorExportHref(state)} testId="exhibitor-export">
            {t('actions.export')}
          </ExportLinkButton>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})} data-testid="exhibitor-create">
            {t('actions.create')}
          </Button>
        </Space>
      </PageHeader>
      <Card size="small">
        <Flex wrap gap={12}>
          <Select<ExhibitorStatus | ''>
            value={state.status ?? ''}
            onChange={(value) => update({ status: value || null })}
            style={{ minWidth: 160 }}
            aria-label={t('columns.status')}
            data-testid="exhibitor-status-filter"
            options={[{ value: '', label: t('list.allStatuses') }, ...EXHIBITOR_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))]}
          />
          <KeywordFilter
            value={state.keyword}
            label={t('list.keyword')}
            maxLength={EXHIBITOR_KEYWORD_MAX_LENGTH}
            searchText={t('list.search')}
            onSearch={(keyword) => update({ keyword })}
            style={{ maxWidth: 420 }}
            testId="exhibitor-keyword"
          />
          {selection.length ? (
            <Popconfirm title={t('actions.approveSelectedConfirm', { count: selection.length })} onConfirm={approveSelection} okButtonProps={{ 'data-testid': 'exhibitor-approve-selected-confirm' } as ButtonProps}>
              <Button type="primary" loading={approveMany.isPending} data-testid="exhibitor-approve-selected">
                {t('actions.approveSelected', { count: selection.length })}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      </Card>
      {list.isError && !list.data ? (
        <LoadErrorCard error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        // A selectable table keeps antd's horizontal scroll (its aria-hidden measure row) out: the region scrolls instead.
        <ScrollRegion label={t('list.title')}>
          <Table<ExhibitorFieldsFragment>
            rowKey="id"
            rowSelection={{
              selectedRowKeys: selection,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (row) => ({ disabled: row.status !== 'PENDING', 'aria-label': t('actions.selectPending', { name: row.nameZh }) }) as object,
            }}
            columns={columns}
            dataSource={list.data?.nodes ?? []}
            loading={list.isFetching}
            onRow={(row) => ({ 'data-testid': `exhibitor-row-${row.id}` }) as object}
            pagination={listPagination({
              page: state.page,
              pageSize: state.pageSize,
              total: list.data?.total ?? 0,
              pageSizes: PAGE_SIZES,
              totalText: (total) => t('list.total', { count: total }),
              onChange: (page, pageSize) => update({ page, pageSize }),
            })}
          />
        </ScrollRegion>
      )}
      <ExhibitorFormDialog key={dialogKey} open={!!editing} exhibitor={editing?.exhibitor} onClose={() => setEditing(undefined)} onCreated={showPassword} />
      <InitialPasswordDialog notice={notice} onClose={() => setNotice(undefined)} />
    </Flex>
  );
}

/** The list's filter as the company export's address (/apis/files/exports/exhibitors.xlsx). */
function exhibitorExportHref(state: { status?: string | null; keyword?: string | null }): string {
  const params = new URLSearchParams();
  if (state.status) params.set('status', state.status);
  if (state.keyword) params.set('keyword', state.keyword);
  const query = params.toString();
  return `/apis/files/exports/exhibitors.xlsx${query ? `?${query}` : ''}`;
}
