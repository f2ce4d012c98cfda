import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Empty, Flex, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BADGE_KEYWORD_MAX_LENGTH, ZBadgeListInput } from '@portal/shared/badge/badge.schema';
import { SUBMISSION_STATUSES, isEditableByExhibitor, type SubmissionStatus } from '@portal/shared/submission/submission.schema';
import { ScrollRegion } from '../../../components/scroll-region';
import { SubmissionStatusTag } from '../../../components/submission-status-tag';
import type { BadgeFieldsFragment } from '../../../graphql/operations.generated';
import { formatDateTime, PICKER_DATE_TIME_FORMAT } from '../../../lib/format/date-time';
import { instantOfPickerValue, pickerValueOf } from '../../../lib/format/beijing-picker';
import { useErrorText } from '../../../lib/use-error-text';
import { useDeleteBadge } from '../api/delete-badge';
import { useOwnBadges } from '../api/own-badges';
import { BadgeExport } from '../components/badge-export';
import { listPagination } from '../../../components/list-pagination';
import { KeywordFilter } from '../../../components/keyword-filter';
import { useListState } from '../../../lib/list-state';

const BADGE_PAGE_SIZES = [20, 50, 100];

/**
 * /we/exhibitor/application/list: the company's badge applications — filtered and paged on the server
 * (the state in the URL), the used / limit count always in view, apply (while there is room), delete
 * what is not approved, and the filtered list's exports; `quota` is what the area shows of how the limit was
 * reached (the exhibitor feature's card).
 */
export function BadgeListPage({ formPath, quota }: { formPath: (id?: string) => string; quota?: ReactNode }) {
  const { t } = useTranslation(['badge', 'submission']);
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { input: state, update: change, reset } = useListState(ZBadgeListInput);
  const rows = useOwnBadges(state);
  const remove = useDeleteBadge();
  const data = rows.data;
  const full = !!data && data.used >= data.limit;
  const filtered = !!(state.status || state.createdFrom || state.createdTo || state.keyword);

  const confirmDelete = (badge: BadgeFieldsFragment) =>
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.content', { name: badge.name }),
      okText: t('delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'badge-delete-confirm' },
      cancelText: t('delete.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(badge.id);
          void message.success(t('delete.done', { name: badge.name }));
        } catch (error) {
          // An approved badge (approved meanwhile) is refused by the server: say why.
          void message.error(errorText(error));
        }
      },
    });

  const columns: ColumnsType<BadgeFieldsFragment> = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_value, row) => (
        <Link to={formPath(row.id)} data-testid="badge-row-open">
          {row.name}
        </Link>
      ),
    },
    { key: 'namePinyin', title: t('columns.namePinyin'), dataIndex: 'namePinyin', responsive: ['md'] },
    { key: 'phone', title: t('columns.phone'), render: (_value, row) => `${row.countryCode} ${row.phoneNumber}`, responsive: ['lg'] },
    { key: 'idNumber', title: t('columns.idNumber'), dataIndex: 'idNumberMasked', responsive: ['lg'] },
    { key: 'job', title: t('columns.job'), render: (_value, row) => `${row.deptName} / ${row.position}`, responsive: ['xl'] },
    { key: 'status', title: t('columns.status'), render: (_value, row) => <SubmissionStatusTag status={row.status} testId="badge-row-status" /> },
    { key: 'createDate', title: t('columns.createDate'), render: (_value, row) => formatDateTime(row.createDate), responsive: ['md'] },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_value, row) => (
        <Flex gap="small" wrap>
          <Link to={formPath(row.id)} data-testid="badge-row-edit">
            {isEditableByExhibitor(row.status) ? t('actions.edit') : t('actions.view')}
          </Link>
          {isEditableByExhibitor(row.status) ? (
            <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => confirmDelete(row)} style={{ padding: 0, height: 'auto' }} data-testid="badge-row-delete">
              {t('actions.delete')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  const applyButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={!data || full} onClick={() => void navigate(formPath())} data-testid="badge-apply">
      {t('apply')}
    </Button>
  );

  return (
    <Flex vertical gap="middle" data-testid="badge-list-page">
      <Flex wrap gap="middle" align="center" justify="space-between">
        <Flex wrap gap="small" align="center">
          <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
            {t('listTitle')}
          </Typography.Title>
          {data ? (
            <Tag color={full ? '#c8102e' : '#0958d9'} aria-label={`${t('usageLabel')} ${data.used} / ${data.limit}`} data-testid="badge-usage" data-used={data.used} data-limit={data.limit} style={{ fontSize: 14, paddingBlock: 2 }}>
              {t('usage', { used: data.used, limit: data.limit })}
            </Tag>
          ) : null}
        </Flex>
        {full ? (
          <Tooltip title={t('limitReached', { used: data.used, limit: data.limit })}>
            <span>{applyButton}</span>
          </Tooltip>
        ) : (
          applyButton
        )}
      </Flex>
      {full ? <Alert type="warning" showIcon title={t('limitReached', { used: data.used, limit: data.limit })} data-testid="badge-limit-reached" /> : null}
      {quota}

      <Flex wrap gap="small" align="center" role="search" aria-label={t('filters.label')} data-testid="badge-filters">
        <KeywordFilter
          value={state.keyword}
          label={t('filters.keyword')}
          maxLength={BADGE_KEYWORD_MAX_LENGTH}
          onSearch={(keyword) => change({ keyword })}
          style={{ width: 340, maxWidth: '100%' }}
          testId="badge-filter-keyword"
        />
        <Select<SubmissionStatus>
          allowClear
          style={{ minWidth: 140 }}
          aria-label={t('filters.status')}
          placeholder={t('filters.status')}
          value={state.status ?? undefined}
          onChange={(status) => change({ status: status ?? null })}
          options={SUBMISSION_STATUSES.map((value) => ({ value, label: t(`submission:status.${value}`) }))}
          data-testid="badge-filter-status"
        />
        <DatePicker.RangePicker
          showTime={{ defaultValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
          format={PICKER_DATE_TIME_FORMAT}
          allowEmpty={[true, true]}
          aria-label={t('filters.created')}
          placeholder={[t('filters.from'), t('filters.to')]}
          value={state.createdFrom || state.createdTo ? [pickerValueOf(state.createdFrom), pickerValueOf(state.createdTo)] : null}
          onChange={(range) => change({ createdFrom: instantOfPickerValue(range?.[0], false), createdTo: instantOfPickerValue(range?.[1], true) })}
          style={{ maxWidth: '100%' }}
          data-testid="badge-filter-created"
        />
        <Button onClick={reset} disabled={!filtered} data-testid="badge-filter-reset">
          {t('filters.reset')}
        </Button>
        <BadgeExport filter={state} disabled={!data || data.total === 0} />
      </Flex>

      {rows.error ? (
        <Alert
          type="error"
          showIcon
          title={t('loadError')}
          description={errorText(rows.error)}
          action={<Button onClick={() => void rows.refetch()}>{t('retry')}</Button>}
          data-testid="badge-list-error"
        />
      ) : null}
      <ScrollRegion label={t('listTitle')}>
        <Table<BadgeFieldsFragment>
          rowKey="id"
          loading={rows.isFetching}
          dataSource={data?.nodes ?? []}
          columns={columns}
          onRow={(row) => ({ 'data-status': row.status }) as object}
          locale={{ emptyText: <Empty description={filtered ? t('emptyFiltered') : t('empty')} data-testid="badge-empty" /> }}
          pagination={listPagination({
            page: state.page,
            pageSize: state.pageSize,
            total: data?.total ?? 0,
            pageSizes: BADGE_PAGE_SIZES,
            totalText: (total) => t('total', { total }),
            totalTestId: 'badge-total',
            onChange: (page, pageSize) => change({ page, pageSize }),
          })}
          data-testid="badge-table"
        />
      </ScrollRegion>
    </Flex>
  );
}
