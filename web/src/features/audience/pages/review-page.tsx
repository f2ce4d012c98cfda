import { App, Button, Card, Flex, Result, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import type { ApproveStatus } from '../../../graphql/operations.generated';
import { useErrorText } from '../../../lib/use-error-text';
import { useApproveAudiences } from '../api/review-approve';
import type { ReviewAudienceDetail } from '../api/review-audience';
import { useReviewAudiences } from '../api/review-audiences';
import { useRefuseAudiences } from '../api/review-refuse';
import { AudienceDetailDrawer } from '../components/audience-detail-drawer';
import { AudienceListEmpty, AudienceListTable, type TableChange } from '../components/audience-list-table';
import { AudienceListFilters } from '../components/audience-list-filters';
import { ReviewBulkBar } from '../components/review-bulk-bar';
import { ReviewExportButton } from '../components/review-export-button';
import { ReviewRefuseDialog, type RefuseRequest } from '../components/review-refuse-dialog';
import {
  DEFAULT_SORT,
  DETAIL_PARAM,
  EMPTY_FILTER,
  filterParams,
  hasFilter,
  lastPage,
  mergeSearch,
  stateFromSearch,
  withFilter,
  type ReviewFilter,
  type ReviewListState,
} from '../lib/review-filter';

const NO_SELECTION: ReadonlyMap<string, ApproveStatus> = new Map();

/**
 * /wo/audience/list: the organizer's visitor approval list (ROLE_SUPER_ADMIN or ROLE_AUDIENCE, guarded
 * by the organizer area). Filters, sort and page live in the URL; the open detail too (`detail=<id>`).
 */
export function ReviewPage() {
  const { t, i18n, ready } = useTranslation('review');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => stateFromSearch(search), [search]);
  const detailId = search.get(DETAIL_PARAM);
  const list = useReviewAudiences(state, i18n.language);
  const approve = useApproveAudiences();
  const refuse = useRefuseAudiences();
  const pending = approve.isPending || refuse.isPending;

  // The selection belongs to one filter: a new filter starts with none (the rows may be gone).
  const filterKey = filterParams(state, DEFAULT_SORT).toString();
  const [selection, setSelection] = useState<{ key: string; rows: ReadonlyMap<string, ApproveStatus> }>({ key: filterKey, rows: NO_SELECTION });
  const selected = selection.key === filterKey ? selection.rows : NO_SELECTION;
  const select = (rows: ReadonlyMap<string, ApproveStatus>) => setSelection({ key: filterKey, rows });
  const [refuseRequest, setRefuseRequest] = useState<RefuseRequest | null>(null);

  const update = (change: (current: ReviewListState) => ReviewListState, replace = false) =>
    setSearch((current) => mergeSearch(current, change(stateFromSearch(current))), { replace });
  const changeFilter = (patch: Partial<ReviewFilter>) => update((current) => withFilter(current, patch), 'keyword' in patch);
  const resetFilter = () => update((current) => withFilter(current, EMPTY_FILTER));
  const changeTable = (change: TableChange) => update((current) => ({ ...current, ...change }));
  const openDetail = (id: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(DETAIL_PARAM, id);
      else next.delete(DETAIL_PARAM);
      return next;
    });

  // A bulk action can empty the last page: go to the page that now is the last one.
  const data = list.data;
  const beyondEnd = data !== undefined && !list.isPlaceholderData && data.nodes.length === 0 && data.total > 0 && state.page > lastPage(data.total, state.pageSize);
  useEffect(() => {
    if (beyondEnd) setSearch((current) => mergeSearch(current, { ...stateFromSearch(current), page: lastPage(data.total, state.pageSize) }), { replace: true });
  }, [beyondEnd, data, setSearch, state.pageSize]);

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

  if (!ready) return <PageLoading />;

  const filtered = hasFilter(state);
  const total = data?.total ?? 0;
  return (
    <Flex vertical gap={16} data-testid="review-page" style={{ minWidth: 0 }}>
      <Typography.Title level={1} className="page-title">
        {t('title')}
      </Typography.Title>
      <Card size="small">
        <AudienceListFilters filter={state} onChange={changeFilter} onReset={resetFilter} />
      </Card>
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <ReviewBulkBar
              selected={selected}
              pending={pending}
              onApprove={() => runApprove([...selected.keys()])}
              onRefuse={(revokes) => setRefuseRequest({ ids: [...selected.keys()], revokes })}
              onClear={() => select(NO_SELECTION)}
            />
            <ReviewExportButton state={state} disabled={list.isError || (data !== undefined && total === 0)} />
          </Flex>
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
            <AudienceListTable
              state={state}
              rows={data?.nodes ?? []}
              total={total}
              loading={list.isFetching && (list.isPlaceholderData || data === undefined)}
              selected={selected}
              onSelect={select}
              onChange={changeTable}
              onOpen={(id) => openDetail(id)}
              empty={data === undefined ? <span /> : <AudienceListEmpty filtered={filtered} onReset={resetFilter} />}
            />
          )}
        </Flex>
      </Card>
      <AudienceDetailDrawer
        id={detailId}
        pending={pending}
        onClose={() => openDetail(null)}
        onApprove={(audience: ReviewAudienceDetail) => runApprove([audience.id])}
        onRefuse={(audience: ReviewAudienceDetail) => setRefuseRequest({ ids: [audience.id], revokes: audience.approveStatus === 'DONE' ? 1 : 0 })}
      />
      <ReviewRefuseDialog request={refuseRequest} pending={refuse.isPending} onSubmit={runRefuse} onCancel={() => setRefuseRequest(null)} />
    </Flex>
  );
}
