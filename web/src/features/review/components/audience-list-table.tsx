import type { SelectedRow } from '../lib/approve-title';
import { Button, Empty, Pagination, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { memo, useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApproveStatus } from '@portal/shared/application/application-status';
import { PAGE_SIZES, type AudienceListSort, type AudienceListState, type PageSize } from '@portal/shared/review/audience-list';
import type { AudienceListRow } from '../api/audience-list';
import { isSelectable } from '../lib/decision-rules';
import { columnSortOrder, sortFromColumn } from '../lib/list-url';
import { formatDateTime, formatDay } from '../../../lib/format/date-time';
import { ApplicationStatusTag } from '../../../components/application-status-tag';
import { listPagination } from '../../../components/list-pagination';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';

export interface TableChange {
  page: number;
  pageSize: PageSize;
  sort: AudienceListState['sort'];
}

/**
 * The approval list's rows: sorted on the server, its pager beside it (AudienceListPager). A memo: a click on
 * the pager re-renders the page at once (the new page number, the loading state) without rendering these rows;
 * they render again only when their data, sort or selection changes (DESIGN §7, INP).
 */
export const AudienceListTable = memo(function AudienceListTable({
  sort,
  pageSize,
  rows,
  selected,
  onSelect,
  onChange,
  onOpen,
  empty,
}: {
  sort: AudienceListSort;
  pageSize: PageSize;
  rows: AudienceListRow[];
  selected: ReadonlyMap<string, SelectedRow>;
  onSelect: (selection: Map<string, SelectedRow>) => void;
  onChange: (change: TableChange) => void;
  onOpen: (id: string) => void;
  empty: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('review');
  const narrow = useNarrowScreen();
  const columns = useMemo(() => {
    const all = audienceColumns(t, i18n.language, sort, onOpen);
    // On a phone no column is pinned and none has a set width: the table takes its cells' own widths and scrolls
    // sideways (styles.css), so that no state, channel or date is cut.
    return narrow ? all.map(({ fixed: _fixed, width: _width, ellipsis: _ellipsis, ...column }) => column) : all;
  }, [t, i18n.language, sort, onOpen, narrow]);

  // Only a header click reaches here (the pager is apart): a new order starts again from page 1.
  const handleChange: TableProps<AudienceListRow>['onChange'] = (_pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    onChange({ page: 1, pageSize, sort: sortFromColumn(typeof single?.columnKey === 'string' ? single.columnKey : undefined, single?.order ?? null) });
  };

  return (
    <Table<AudienceListRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
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
        getCheckboxProps: (row) => ({ disabled: !isSelectable(row.approveStatus), 'aria-label': t('table.select', { name: nameOf(t, row) }) }),
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
      pagination={false}
    />
  );
});

const nameOf = (t: TFunction<'review'>, row: AudienceListRow) => row.name ?? t('table.unnamed');

/** The columns for one language and sort: the same objects while neither changes, so rc-table keeps its cells. */
function audienceColumns(t: TFunction<'review'>, language: string, sort: AudienceListSort, onOpen: (id: string) => void): TableColumnsType<AudienceListRow> {
  return [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('columns.name'),
      sorter: true,
      sortDirections: ['ascend'],
      sortOrder: columnSortOrder(sort, 'name'),
      fixed: 'left',
      width: 120,
      render: (_value, row) => (
        <>
          <Typography.Link onClick={() => onOpen(row.id)} aria-label={t('table.viewOf', { name: nameOf(t, row) })} data-testid="review-row-name">
            {nameOf(t, row)}
          </Typography.Link>
          {row.counterCheck ? (
            <Tag color="blue" style={{ marginInlineStart: 6 }} data-testid="review-row-counter-check">
              {t('table.counterCheck')}
            </Tag>
          ) : null}
        </>
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
      sortOrder: columnSortOrder(sort, 'status'),
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
            .map((day) => formatDay(day, language))
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
      sortOrder: columnSortOrder(sort, 'submittedAt'),
      // The widths add up to less than the list's room at 1366 px (a fixed layout shrinks every column
      // when they do not), so that "2026-12-24 15:55" and the sort arrows are never cut.
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
        <Button type="link" size="small" onClick={() => onOpen(row.id)} aria-label={t('table.viewOf', { name: nameOf(t, row) })} data-testid="review-row-open">
          {t('table.view')}
        </Button>
      ),
    },
  ];
}

/**
 * The list's pager, apart from the table: it shows the page asked for at once, while the rows below are still
 * the previous page's under the loading state.
 */
export function AudienceListPager({ state, total, onChange }: { state: AudienceListState; total: number; onChange: (change: TableChange) => void }) {
  const { t } = useTranslation('review');
  const pagination = listPagination({
    page: state.page,
    pageSize: state.pageSize,
    total,
    pageSizes: PAGE_SIZES,
    totalText: (count) => t('table.total', { total: count }),
    totalTestId: 'review-total',
    onChange: (page, size) => onChange({ page, pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : state.pageSize, sort: state.sort }),
  });
  // Wraps on a narrow screen as the table's own pager did.
  return <Pagination {...pagination} align="end" style={{ flexWrap: 'wrap', rowGap: 8 }} />;
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
