import { Alert, App, Button, Card, DatePicker, Empty, Flex, Form, Input, Modal, Select, Space, Spin, Table, Typography } from 'antd';
import { ScrollRegion } from './scroll-region';
import type { ColumnsType } from 'antd/es/table';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SUBMISSION_PAGE_SIZE,
  QUEUE_DEFAULT_STATUS,
  QUEUE_DEFAULTS,
  QUEUE_KEYWORD_MAX_LENGTH,
  REJECT_REASON_MAX_LENGTH,
  SUBMISSION_PAGE_SIZES,
  SUBMISSION_STATUSES,
  ZSubmissionQueueInput,
  decisionsAllowed,
  type DecisionRule,
  type SubmissionStatus,
  type TSubmissionQueueInput,
} from '@portal/shared/submission/submission.schema';
import { formatDateTime } from '../lib/format/date-time';
import { useSubmissionExhibitors } from '../lib/graphql/submissions';
import { useListState, type ListPatch } from '../lib/list-state';
import { useErrorText } from '../lib/use-error-text';
import { SubmissionStatusTag } from './submission-status-tag';
import { listPagination } from './list-pagination';
import { KeywordFilter } from './keyword-filter';
import type { SubmissionDetailDrawerProps } from './submission-detail-drawer';

export interface SubmissionQueueRow {
  id: string;
  exhibitorId: string;
  status: SubmissionStatus;
  submittedAt: string;
}

export interface SubmissionPage<TRow> {
  nodes: TRow[];
  total: number;
}

export interface SubmissionQueueProps<TRow extends SubmissionQueueRow> {
  /** Prefix of every test id ("catalog-queue"). */
  testId: string;
  title: string;
  /** The kind's own columns, between the exhibitor and the state; the first names the item and opens it. */
  columns: ColumnsType<TRow>;
  /** The item's name (the product, the banner's title, the company, the staff member): the detail's title. */
  nameOf: (row: TRow) => string;
  useRows: (input: TSubmissionQueueInput) => UseQueryResult<SubmissionPage<TRow>>;
  approve: (ids: string[]) => Promise<unknown>;
  reject: (ids: string[], reason: string) => Promise<unknown>;
  /**
   * The kind's detail in the drawer, imported when an organizer first opens an item (with the drawer's own
   * chunk, in parallel): `() => import('../components/banner-queue-detail').then((module) => module.BannerQueueDetail)`.
   */
  loadDetail: () => Promise<ComponentType<{ row: TRow }>>;
  /** Extra buttons at the right above the table (an export link of the filtered list). */
  extra?: (input: TSubmissionQueueInput) => ReactNode;
  /** A keyword search box (the kind's server query searches it); its placeholder says what it matches. */
  keywordPlaceholder?: string;
  /** The kind's decision rule (shared DECISION_RULES): which states the buttons decide, as the server does. */
  rule: DecisionRule;
}

/** The drawer (components/submission-detail-drawer.tsx) and the kind's detail, as one lazy component. */
function lazyDetailDrawer<TRow>(loadDetail: () => Promise<ComponentType<{ row: TRow }>>) {
  return lazy(() =>
    Promise.all([import('./submission-detail-drawer'), loadDetail()]).then(([{ SubmissionDetailDrawer }, Detail]) => ({
      default: function QueueDetailDrawer(props: Omit<SubmissionDetailDrawerProps<TRow>, 'Detail'>) {
        return <SubmissionDetailDrawer<TRow> {...props} Detail={Detail} />;
      },
    })),
  );
}

/**
 * The organizers' queue of catalog entries, banners, products or badges: filters (exhibitor, state,
 * submitted between, a keyword where the kind has one) kept in the URL, server-side paging, a detail
 * drawer, approve and reject (with a reason) one by one or in bulk.
 */
export function SubmissionQueue<TRow extends SubmissionQueueRow>({
  testId,
  title,
  columns,
  nameOf,
  useRows,
  approve,
  reject,
  loadDetail,
  extra,
  keywordPlaceholder,
  rule,
}: SubmissionQueueProps<TRow>) {
  const { t, i18n } = useTranslation('submission');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [selected, setSelected] = useState<TRow[]>([]);
  const [detail, setDetail] = useState<TRow | null>(null);
  // The detail drawer's code loads when an item is first opened (as the approval list's), then stays mounted so
  // that it closes with its animation.
  const [DetailDrawer] = useState(() => lazyDetailDrawer(loadDetail));
  const [detailOpened, setDetailOpened] = useState(false);
  const openDetail = (row: TRow) => {
    setDetailOpened(true);
    setDetail(row);
  };
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const [pending, setPending] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const exhibitors = useSubmissionExhibitors();
  const { input, update } = useListState(ZSubmissionQueueInput, QUEUE_DEFAULTS);
  const filter = input.filter ?? {};
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? DEFAULT_SUBMISSION_PAGE_SIZE;
  /** Another filter or page starts with nothing selected (a filter change also goes back to its first page). */
  const change = (patch: ListPatch<TSubmissionQueueInput>) => {
    setSelected([]);
    update(patch);
  };
  const changeFilter = (next: Partial<NonNullable<TSubmissionQueueInput['filter']>>) => change({ filter: next });
  const rows = useRows(input);
  const exhibitorNameOf = (id: string) => {
    const found = exhibitors.data?.find((exhibitor) => exhibitor.id === id);
    return found ? (i18n.language === 'zh-CN' ? found.nameZh : found.nameEn) : '';
  };

  async function decide(action: () => Promise<unknown>, done: string) {
    setPending(true);
    try {
      await action();
      void message.success(done);
      setSelected([]);
      setDetail(null);
      return true;
    } catch (error) {
      void message.error(errorText(error));
      return false;
    } finally {
      setPending(false);
      void rows.refetch();
    }
  }

  const decisionButtons = (items: readonly TRow[], suffix: '-selected' | '-one') => {
    const ids = items.map((item) => item.id);
    const canApprove = items.length > 0 && items.every((item) => decisionsAllowed(item.status, rule).approve);
    const canReject = items.length > 0 && items.every((item) => decisionsAllowed(item.status, rule).reject);
    if (suffix === '-one' && !canApprove && !canReject) return null;
    return (
      <Space wrap>
        <Button type="primary" disabled={!canApprove} loading={pending} data-testid={`${testId}-approve${suffix}`} onClick={() => void decide(() => approve(ids), t('approved', { count: ids.length }))}>
          {suffix === '-one' ? t('approve') : t('approveSelected', { count: ids.length })}
        </Button>
        <Button danger disabled={!canReject} data-testid={`${testId}-reject${suffix}`} onClick={() => setRejecting(ids)}>
          {suffix === '-one' ? t('reject') : t('rejectSelected', { count: ids.length })}
        </Button>
      </Space>
    );
  };

  const [nameColumn, ...otherColumns] = columns;
  // As in the approval list, the item's name is the link that opens it.
  const openingColumns: ColumnsType<TRow> = nameColumn
    ? [
        {
          ...nameColumn,
          render: (value: unknown, row: TRow, index: number) => (
            <Button type="link" style={{ padding: 0, height: 'auto', textAlign: 'left', whiteSpace: 'normal' }} onClick={() => openDetail(row)} data-testid={`${testId}-name`}>
              {'render' in nameColumn && nameColumn.render ? (nameColumn.render(value, row, index) as ReactNode) : nameOf(row)}
            </Button>
          ),
        },
        ...otherColumns,
      ]
    : [];
  const filtered = Boolean(filter.exhibitorId || filter.submittedFrom || filter.submittedTo || input.keyword);
  const onlyWaiting = !filtered && filter.status === QUEUE_DEFAULT_STATUS;
  const resetFilter = () => change({ filter: { exhibitorId: null, status: QUEUE_DEFAULT_STATUS, submittedFrom: null, submittedTo: null }, keyword: null });
  // An empty list says why and offers the next step: every state, or the filters undone.
  const empty = rows.data ? (
    <Empty description={t(onlyWaiting ? 'empty.nothingWaiting' : filtered || filter.status ? 'empty.filtered' : 'empty.none')} data-testid={`${testId}-empty`}>
      {onlyWaiting ? (
        <Button onClick={() => changeFilter({ status: null })} data-testid={`${testId}-empty-all`}>
          {t('empty.showAll')}
        </Button>
      ) : filtered || filter.status ? (
        <Button onClick={resetFilter} data-testid={`${testId}-empty-reset`}>
          {t('filters.reset')}
        </Button>
      ) : null}
    </Empty>
  ) : (
    <span />
  );

  const allColumns: ColumnsType<TRow> = [
    ...openingColumns,
    { key: 'exhibitor', title: t('columns.exhibitor'), render: (_value, row) => exhibitorNameOf(row.exhibitorId) },
    { key: 'status', title: t('columns.status'), render: (_value, row) => <SubmissionStatusTag status={row.status} testId={`${testId}-status`} /> },
    { key: 'submittedAt', title: t('columns.submittedAt'), render: (_value, row) => formatDateTime(row.submittedAt) },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_value, row) => (
        <Button type="link" data-testid={`${testId}-open`} onClick={() => openDetail(row)}>
          {t('open')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle" data-testid={testId}>
      <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Card size="small">
        <Flex wrap gap="small" role="search" aria-label={t('filters.label')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 220 }}
            aria-label={t('filters.exhibitor')}
            placeholder={t('filters.exhibitor')}
            value={filter.exhibitorId ?? null}
            onChange={(value: string | undefined) => changeFilter({ exhibitorId: value ?? null })}
            options={(exhibitors.data ?? []).map((exhibitor) => ({ value: exhibitor.id, label: `${exhibitor.nameZh} / ${exhibitor.nameEn}` }))}
            data-testid={`${testId}-filter-exhibitor`}
          />
          <Select
            allowClear
            style={{ minWidth: 140 }}
            aria-label={t('filters.status')}
            placeholder={t('filters.status')}
            value={filter.status ?? null}
            onChange={(value: SubmissionStatus | undefined) => changeFilter({ status: value ?? null })}
            options={SUBMISSION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            data-testid={`${testId}-filter-status`}
          />
          <DatePicker.RangePicker
            aria-label={t('filters.submitted')}
            placeholder={[t('filters.from'), t('filters.to')]}
            value={[filter.submittedFrom ? dayjs(filter.submittedFrom) : null, filter.submittedTo ? dayjs(filter.submittedTo) : null]}
            onChange={(value) => changeFilter({ submittedFrom: value?.[0]?.format('YYYY-MM-DD') ?? null, submittedTo: value?.[1]?.format('YYYY-MM-DD') ?? null })}
            data-testid={`${testId}-filter-submitted`}
          />
          {keywordPlaceholder ? (
            <KeywordFilter
              value={input.keyword}
              label={keywordPlaceholder}
              maxLength={QUEUE_KEYWORD_MAX_LENGTH}
              style={{ width: 240 }}
              onSearch={(keyword) => change({ keyword })}
              testId={`${testId}-filter-keyword`}
            />
          ) : null}
          <Button onClick={resetFilter} disabled={!filtered && filter.status === QUEUE_DEFAULT_STATUS} data-testid={`${testId}-filter-reset`}>
            {t('filters.reset')}
          </Button>
        </Flex>
      </Card>
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            {decisionButtons(selected, '-selected')}
            {extra?.(input)}
          </Flex>
          {rows.error ? <Alert type="error" showIcon message={errorText(rows.error)} /> : null}
          <ScrollRegion label={title}>
            <Table<TRow>
              rowKey="id"
              size="middle"
              loading={rows.isFetching}
              dataSource={rows.data?.nodes ?? []}
              columns={allColumns}
              rowSelection={{
                selectedRowKeys: selected.map((row) => row.id),
                onChange: (_keys, rowsSelected) => setSelected(rowsSelected),
                getCheckboxProps: (row) => {
                  const decisions = decisionsAllowed(row.status, rule);
                  return { disabled: !decisions.approve && !decisions.reject, 'aria-label': t('select') };
                },
              }}
              pagination={listPagination({
                page,
                pageSize,
                total: rows.data?.total ?? 0,
                pageSizes: SUBMISSION_PAGE_SIZES,
                totalText: (total) => t('total', { total }),
                onChange: (next, size) => change({ page: next, pageSize: size }),
              })}
              locale={{ emptyText: empty }}
              data-testid={`${testId}-table`}
            />
          </ScrollRegion>
        </Flex>
      </Card>
      {detailOpened && (
        // While the drawer's chunk loads (once), a spinner over the page: the click shows at once.
        <Suspense fallback={<Spin fullscreen aria-label={t('detail')} />}>
          <DetailDrawer
            row={detail}
            title={detail ? nameOf(detail) || t('detail') : t('detail')}
            testId={testId}
            onClose={() => setDetail(null)}
            header={
              detail ? (
                <Space>
                  <SubmissionStatusTag status={detail.status} testId={`${testId}-detail-status`} />
                  <Typography.Text>{exhibitorNameOf(detail.exhibitorId)}</Typography.Text>
                </Space>
              ) : null
            }
            actions={detail ? decisionButtons([detail], '-one') : null}
          />
        </Suspense>
      )}
      <Modal
        open={rejecting !== null}
        title={t('rejectTitle', { count: rejecting?.length ?? 0 })}
        okText={t('rejectSubmit')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, loading: pending, ...{ 'data-testid': `${testId}-reject-submit` } }}
        onOk={() => form.submit()}
        onCancel={() => setRejecting(null)}
        afterClose={() => form.resetFields()}
        wrapProps={{ 'data-testid': `${testId}-reject-dialog` }}
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async ({ reason }) => {
            const ids = rejecting ?? [];
            if (await decide(() => reject(ids, reason.trim()), t('rejected', { count: ids.length }))) setRejecting(null);
          }}
        >
          <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }, { max: REJECT_REASON_MAX_LENGTH }]}>
            <Input.TextArea rows={4} maxLength={REJECT_REASON_MAX_LENGTH} showCount data-testid={`${testId}-reject-reason`} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
