import type { SelectedRow } from '../lib/approve-title';
import { Button, Empty, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApproveStatus } from '@portal/shared/application/application-status';
import { PAGE_SIZES, type AudienceListState, type PageSize } from '@portal/shared/review/audience-list';
import type { AudienceListRow } from '../api/audience-list';
import { isSelectable } from '../lib/decision-rules';
import { columnSortOrder, sortFromColumn } from '../lib/list-url';
import { formatDateTime, formatDay } from '../../../lib/format/date-time';
import { ApplicationStatusTag } from '../../../components/application-status-tag';
import { listPagination } from '../../../components/list-pagination';

export interface TableChange {
  page: number;
  pageSize: PageSize;
  sort: AudienceListState['sort'];
}

/**
 * The approval list: paged, sorted and filtered on the server. The rows of the previous page stay
 * while the next one loads (the query's placeholderData); the spinner shows only after a short delay.
 */
export function AudienceListTable({
  state,
  rows,
  total,
  loading,
  selected,
  onSelect,
  onChange,
  onOpen,
  empty,
}: {
  state: AudienceListState;
  rows: AudienceListRow[];
  total: number;
  loading: boolean;
  selected: ReadonlyMap<string, SelectedRow>;
  onSelect: (selection: Map<string, SelectedRow>) => void;
  onChange: (change: TableChange) => void;
  onOpen: (id: string) => void;
  empty: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('review');
  const nameOf = (row: AudienceListRow) => row.name ?? t('table.unnamed');
  const columns: TableColumnsType<AudienceListRow> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('columns.name'),
      sorter: true,
      sortDirections: ['ascend'],
      sortOrder: columnSortOrder(state.sort, 'name'),
      fixed: 'left',
      width: 120,
      render: (_value, row) => (
        <Typography.Link onClick={() => onOpen(row.id)} aria-label={t('table.viewOf', { name: nameOf(row) })} data-testid="review-row-name">
          {nameOf(row)}
        </Typography.Link>
      ),
    },
    {
      key: 'mobile',
      dataIndex: 'mobile',
      title: t('columns.mobile'),
      width: 150,
      className: 'review-col-mobile',
      render: (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{value ?? ''}</span>,
    },
    {
      key: 'idNumber',
      dataIndex: 'idNumberMasked',
      title: t('columns.idNumber'),
      width: 170,
      render: (value: string | null) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{value ?? ''}</span>,
    },
    {
      key: 'status',
      dataIndex: 'approveStatus',
      title: t('columns.status'),
      sorter: true,
      sortDirections: ['ascend'],
      sortOrder: columnSortOrder(state.sort, 'status'),
      width: 100,
      render: (status: ApproveStatus) => <ApplicationStatusTag status={status} label={t(`status.${status}`)} testId="review-status-tag" />,
    },
    {
      key: 'visitDates',
      title: t('columns.visitDates'),
      width: 120,
      render: (_value, row) => (
        <span style={{ whiteSpace: 'pre-line' }}>
          {row.visitDates
            .map((visit) => visit.day)
            .sort()
            .map((day) => formatDay(day, i18n.language))
            .join('\n')}
        </span>
      ),
    },
    { key: 'channel', title: t('columns.channel'), width: 100, ellipsis: true, render: (_value, row) => row.channel?.name ?? '' },
    {
      key: 'submittedAt',
      dataIndex: 'submittedAt',
      title: t('columns.submittedAt'),
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: columnSortOrder(state.sort, 'submittedAt'),
      // The widths add up to less than the list's room at 1366 px (a fixed layout shrinks every column
      // when they do not), so that "2026-12-24 15:55" and the sort arrows are never cut (issue 8 item 6).
      width: 150,
      className: 'review-col-submitted',
      render: (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      width: 80,
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row.id)} aria-label={t('table.viewOf', { name: nameOf(row) })} data-testid="review-row-open">
          {t('table.view')}
        </Button>
      ),
    },
  ];

  const handleChange: TableProps<AudienceListRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = sortFromColumn(typeof single?.columnKey === 'string' ? single.columnKey : undefined, single?.order ?? null);
    const pageSize = (PAGE_SIZES as readonly number[]).includes(pagination.pageSize ?? 0) ? (pagination.pageSize as PageSize) : state.pageSize;
    // A new order or page size starts again from page 1; paging keeps the order.
    const page = extra.action === 'paginate' && pageSize === state.pageSize ? (pagination.current ?? 1) : 1;
    onChange({ page, pageSize, sort });
  };

  return (
    <Table<AudienceListRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={{ spinning: loading, delay: 200 }}
      onChange={handleChange}
      // No scroll.x: antd's hidden measure row would then hold focusable cells (axe aria-hidden-focus);
      // the wrapper scrolls instead on narrow screens.
      className="review-table"
      size="middle"
      aria-label={t('table.label')}
      data-testid="review-table"
      locale={{ emptyText: empty }}
      onRow={(row) => ({ 'data-status': row.approveStatus }) as React.HTMLAttributes<HTMLElement>}
      rowSelection={{
        selectedRowKeys: [...selected.keys()],
        preserveSelectedRowKeys: true,
        getCheckboxProps: (row) => ({ disabled: !isSelectable(row.approveStatus), 'aria-label': t('table.select', { name: nameOf(row) }) }),
        onChange: (keys, selectedRows) => {
          const next = new Map<string, SelectedRow>();
          for (const key of keys) {
            const id = String(key);
            const row = selectedRows.find((candidate) => candidate?.id === id);
            const entry = row ? { status: row.approveStatus, name: row.name ?? null } : selected.get(id);
            if (entry) next.set(id, entry);
          }
          onSelect(next);
        },
      }}
      pagination={listPagination({
        page: state.page,
        pageSize: state.pageSize,
        total,
        pageSizes: PAGE_SIZES,
        totalText: (count) => t('table.total', { total: count }),
        totalTestId: 'review-total',
      })}
    />
  );
}

export function AudienceListEmpty({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const { t } = useTranslation('review');
  return (
    <Empty description={filtered ? t('empty.filtered') : t('empty.none')} data-testid="review-empty">
      {filtered && (
        <Button onClick={onReset} data-testid="review-empty-reset">
          {t('filters.reset')}
        </Button>
      )}
    </Empty>
  );
}
