import { App, Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useOptimistic, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUDIENCE_LIST_DEFAULTS, EMPTY_FILTER, listInputOf, listStateOf, ZAudienceListInput, type AudienceListFilter, type AudienceListState } from '@portal/shared/review/audience-list';
import { REVIEW_JOB_KINDS, type ReviewJobKind } from '@portal/shared/review/review-job.schema';
import { PageLoading } from '../../../components/page-loading';
import { useErrorText } from '../../../lib/use-error-text';
import { useApproveApplications } from '../api/approve-applications';
import type { AudienceDetail } from '../api/audience-detail';
import { useAudienceList } from '../api/audience-list';
import { useRefuseApplications } from '../api/refuse-applications';
import { AudienceListEmpty, AudienceListPager, AudienceListTable, type TableChange } from '../components/audience-list-table';
import { AudienceListFilters } from '../components/audience-list-filters';
import { BulkBar } from '../components/bulk-bar';
import type { SelectedRow } from '../lib/approve-title';
import { ExportButton } from '../components/export-button';
import { RefuseDialog, type RefuseRequest } from '../components/refuse-dialog';
import { EraseDialog } from '../components/erase-dialog';
import { useErasePersonalData } from '../api/erase-personal-data';
import { useListState, type ListPatch } from '../../../lib/list-state';
import { isActiveJob, useReviewJobs, useStartReviewJob } from '../api/review-jobs';
import { ReviewJobDialog } from '../components/review-job-dialog';
import { ReviewJobPanel } from '../components/review-job-panel';
import { DETAIL_PARAM, filterKeyOf, hasFilter, lastPage } from '../lib/list-url';

const NO_SELECTION: ReadonlyMap<string, SelectedRow> = new Map();
const NO_ROWS: never[] = [];

// The detail (Drawer, Descriptions, Timeline, the photos) loads when a reviewer first opens one, not with the list.
const AudienceDetailDrawer = lazy(() => import('../components/audience-detail-drawer').then((module) => ({ default: module.AudienceDetailDrawer })));

/**
 * /wo/audience/list: the organizer's visitor approval list (ROLE_SUPER_ADMIN or ROLE_AUDIENCE, guarded
 * by the organizer area). Filters, sort and page live in the URL; the open detail too (`detail=<id>`).
 */
export function ApprovalListPage({ canErase }: { canErase: boolean }) {
  const { t, i18n, ready } = useTranslation('review');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const { input, update: updateList } = useListState(ZAudienceListInput, AUDIENCE_LIST_DEFAULTS);
  const state = useMemo(() => listStateOf(input), [input]);
  const [search, setSearch] = useSearchParams();
  // A change of page, order or filter is a transition (the URL, the query, the rows); what it asks for shows at
  // once (`shown`: the pager, the filters) with the loading state over the rows, so the click paints in a few
  // milliseconds instead of after the answer (DESIGN §7, INP ≤ 200 ms).
  const [changing, startChange] = useTransition();
  const [shown, show] = useOptimistic(state);
  const detailId = search.get(DETAIL_PARAM);
  // Once opened, the drawer stays mounted so that it closes with its animation.
  const [detailOpened, setDetailOpened] = useState(detailId !== null);
  if (detailId !== null && !detailOpened) setDetailOpened(true);
  const list = useAudienceList(state, i18n.language);
  const approve = useApproveApplications();
  const refuse = useRefuseApplications();
  const erase = useErasePersonalData();
  const pending = approve.isPending || refuse.isPending || erase.isPending;

  // The selection belongs to one filter: a new filter starts with none (the rows may be gone).
  const filterKey = filterKeyOf(state);
  const [selection, setSelection] = useState<{ key: string; rows: ReadonlyMap<string, SelectedRow> }>({ key: filterKey, rows: NO_SELECTION });
  const selected = selection.key === filterKey ? selection.rows : NO_SELECTION;
  const select = useCallback((rows: ReadonlyMap<string, SelectedRow>) => setSelection({ key: filterKey, rows }), [filterKey]);
  const [refuseRequest, setRefuseRequest] = useState<RefuseRequest | null>(null);
  const [eraseIds, setEraseIds] = useState<string[] | null>(null);
  // "All that match this filter": the job started here, or one still working when the page opened.
  const jobs = useReviewJobs();
  const startJob = useStartReviewJob();
  const [jobKind, setJobKind] = useState<ReviewJobKind | null>(null);
  const [followedJob, setFollowedJob] = useState<string | null>(null);
  const workingJob = jobs.data?.find((job) => isActiveJob(job.state))?.id ?? null;
  // A job found working is followed, so that its result stays on screen once it ends.
  if (workingJob !== null && followedJob === null) setFollowedJob(workingJob);
  const jobId = followedJob ?? workingJob;

  // `shown` is what the change asks for; useListState writes the URL (a filter, sort or page size back to page 1),
  // and a filter that does not change (the same keyword searched twice) leaves the URL, page and detail as they are.
  const update = useCallback(
    (patch: ListPatch<typeof input>, shownNext: AudienceListState, replace = false) =>
      startChange(() => {
        show(shownNext);
        updateList(patch, { replace });
      }),
    [updateList, show],
  );
  const changeFilter = useCallback(
    (patch: Partial<AudienceListFilter>) => {
      const next = { ...state, ...patch };
      update({ filter: patch }, filterKeyOf(next) === filterKeyOf(state) ? state : { ...next, page: 1 }, 'keyword' in patch);
    },
    [update, state],
  );
  const resetFilter = useCallback(() => update({ filter: EMPTY_FILTER }, { ...state, ...EMPTY_FILTER, page: 1 }), [update, state]);
  const changeTable = useCallback(
    (change: TableChange) => update(change, { ...state, ...change, page: change.sort !== state.sort || change.pageSize !== state.pageSize ? 1 : change.page }),
    [update, state],
  );
  // The open detail is not the list's: it is written beside it, from the URL as it is at that moment.
  const openDetail = useCallback(
    (id: string | null) =>
      setSearch(() => {
        const current = new URLSearchParams(window.location.search);
        if (id) current.set(DETAIL_PARAM, id);
        else current.delete(DETAIL_PARAM);
        return current;
      }),
    [setSearch],
  );

  // A bulk action can empty the last page: go to the page that now is the last one.
  const data = list.data;
  const beyondEnd = data !== undefined && !list.isPlaceholderData && data.nodes.length === 0 && data.total > 0 && state.page > lastPage(data.total, state.pageSize);
  useEffect(() => {
    if (beyondEnd) updateList({ page: lastPage(data.total, state.pageSize) }, { replace: true });
  }, [beyondEnd, data, updateList, state.pageSize]);

  const forget = (ids: readonly string[]) => {
    if (selected.size === 0) return;
    const rest = new Map(selected);
    for (const id of ids) rest.delete(id);
    select(rest);
  };

  const runApprove = async (ids: string[]) => {
    try {
      await approve.mutateAsync(ids);
      void message.success(t('approve.done', { count: ids.length }));
      forget(ids);
    } catch (error) {
      notification.error({ title: errorText(error) });
    }
  };

  const runRefuse = async (reason: string) => {
    if (!refuseRequest) return;
    const { ids, revokes } = refuseRequest;
    try {
      await refuse.mutateAsync({ ids, reason });
      void message.success(ids.length === 1 && revokes === 1 ? t('refuse.revoked') : t('refuse.done', { count: ids.length }));
      setRefuseRequest(null);
      forget(ids);
    } catch (error) {
      // The dialog stays open with the reason typed.
      notification.error({ title: errorText(error) });
    }
  };

  const runErase = async (confirmation: string) => {
    if (!eraseIds) return;
    try {
      const count = await erase.mutateAsync({ ids: eraseIds, confirmation });
      void message.success(t('erase.done', { count }));
      setEraseIds(null);
      forget(eraseIds);
    } catch (error) {
      notification.error({ title: errorText(error) });
    }
  };

  const runStartJob = async ({ reason, count }: { reason: string | null; count: number }) => {
    if (!jobKind) return;
    try {
      const job = await startJob.mutateAsync({ kind: jobKind, filter: listInputOf(state).filter, reason, confirmedCount: count });
      setJobKind(null);
      setFollowedJob(job.id);
    } catch (error) {
      // The dialog stays open: after REVIEW_JOB_COUNT_CHANGED it shows the new count to confirm.
      notification.error({ title: errorText(error) });
    }
  };

  const loaded = data !== undefined;
  const filtered = hasFilter(state);
  const empty = useMemo(() => (loaded ? <AudienceListEmpty filtered={filtered} onReset={resetFilter} /> : <span />), [loaded, filtered, resetFilter]);

  if (!ready) return <PageLoading />;

  const total = data?.total ?? 0;
  // The rows on screen are not yet the ones the pager and filters show: say so at once, never after a delay.
  const loading = changing || (list.isFetching && (list.isPlaceholderData || !loaded));
  return (
    <Flex vertical gap={16} data-testid="review-page" style={{ minWidth: 0 }}>
      <Typography.Title level={1} className="page-title">
        {t('title')}
      </Typography.Title>
      <Card size="small">
        <AudienceListFilters filter={shown} onChange={changeFilter} onReset={resetFilter} />
      </Card>
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <BulkBar
              selected={selected}
              pending={pending}
              onApprove={() => runApprove([...selected.keys()])}
              onRefuse={(revokes) => setRefuseRequest({ ids: [...selected.keys()], revokes })}
              onClear={() => select(NO_SELECTION)}
              onErase={canErase ? () => setEraseIds([...selected.keys()]) : undefined}
            />
            <Flex gap={8} wrap>
              {filtered &&
                REVIEW_JOB_KINDS.map((kind) => (
                  <Button key={kind} danger={kind === 'REFUSE'} onClick={() => setJobKind(kind)} disabled={workingJob !== null || list.isError} data-testid={`review-job-${kind.toLowerCase()}`}>
                    {t(`job.kind.${kind}.button`)}
                  </Button>
                ))}
              <ExportButton state={state} disabled={list.isError || (data !== undefined && total === 0)} />
            </Flex>
          </Flex>
          {jobId && <ReviewJobPanel id={jobId} onCancelError={(error) => notification.error({ title: errorText(error) })} onClose={() => setFollowedJob(null)} />}
          {list.isError ? (
            <Result
              status="error"
              title={t('error.title')}
              subTitle={errorText(list.error)}
              extra={
                <Button type="primary" onClick={() => void list.refetch()} data-testid="review-retry">
                  {t('error.retry')}
                </Button>
              }
              data-testid="review-error"
            />
          ) : (
            <>
              <Spin spinning={loading}>
                <AudienceListTable
                  sort={state.sort}
                  pageSize={state.pageSize}
                  rows={data?.nodes ?? NO_ROWS}
                  selected={selected}
                  onSelect={select}
                  onChange={changeTable}
                  onOpen={openDetail}
                  empty={empty}
                />
              </Spin>
              <AudienceListPager state={shown} total={total} onChange={changeTable} />
            </>
          )}
        </Flex>
      </Card>
      {detailOpened && (
        <Suspense fallback={null}>
          <AudienceDetailDrawer
            id={detailId}
            pending={pending}
            onClose={() => openDetail(null)}
            onApprove={(audience: AudienceDetail) => runApprove([audience.id])}
            onRefuse={(audience: AudienceDetail) => setRefuseRequest({ ids: [audience.id], revokes: audience.approveStatus === 'DONE' ? 1 : 0 })}
          />
        </Suspense>
      )}
      <RefuseDialog request={refuseRequest} pending={refuse.isPending} onSubmit={runRefuse} onCancel={() => setRefuseRequest(null)} />
      <ReviewJobDialog kind={jobKind} state={state} pending={startJob.isPending} onSubmit={runStartJob} onCancel={() => setJobKind(null)} />
      <EraseDialog ids={eraseIds} pending={erase.isPending} onSubmit={runErase} onCancel={() => setEraseIds(null)} />
    </Flex>
  );
}
