/**
 * The approval list's state (filters, sort, page) ⇄ the URL query, so that a reload or a shared link
 * shows the same list. The same names are the export's query string (GET /apis/files/exports/audiences.xlsx).
 * Parsing is forgiving: an unknown or malformed value is dropped, never an error.
 */
import type { ApproveStatus, AudienceFilter, AudienceSort, ReviewAudiencesQueryVariables } from '../../../graphql/operations.generated';

/** The states an organizer filters on (CREATED is an account without an application). */
export const REVIEW_STATUSES = ['WAIT', 'DONE', 'REFUSE'] as const satisfies readonly ApproveStatus[];
export const REVIEW_SORTS = ['SUBMITTED_DESC', 'SUBMITTED_ASC', 'NAME_ASC', 'STATUS_ASC'] as const satisfies readonly AudienceSort[];
export const REVIEW_PAGE_SIZES = [20, 50, 100] as const;
export type ReviewPageSize = (typeof REVIEW_PAGE_SIZES)[number];
export const DEFAULT_SORT: AudienceSort = 'SUBMITTED_DESC';
export const DEFAULT_PAGE_SIZE: ReviewPageSize = 20;
export const KEYWORD_MAX_LENGTH = 100;
/** The query value of the application whose detail drawer is open. */
export const DETAIL_PARAM = 'detail';

export interface ReviewFilter {
  statuses: ApproveStatus[];
  submittedFrom: string | null;
  submittedTo: string | null;
  visitDate: string | null;
  channelId: string | null;
  keyword: string | null;
}

export interface ReviewListState extends ReviewFilter {
  sort: AudienceSort;
  page: number;
  pageSize: ReviewPageSize;
}

export const EMPTY_FILTER: ReviewFilter = { statuses: [], submittedFrom: null, submittedTo: null, visitDate: null, channelId: null, keyword: null };
export const DEFAULT_STATE: ReviewListState = { ...EMPTY_FILTER, sort: DEFAULT_SORT, page: 1, pageSize: DEFAULT_PAGE_SIZE };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function day(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return isCalendarDay(trimmed) ? trimmed : null;
}

function text(value: string | null, max: number): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed ? trimmed.slice(0, max) : null;
}

function positiveInteger(value: string | null): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

function statuses(value: string | null): ApproveStatus[] {
  const wanted = new Set((value ?? '').split(',').map((item) => item.trim().toUpperCase()));
  // Kept in the canonical order, so that the same filter always gives the same URL and cache key.
  return REVIEW_STATUSES.filter((status) => wanted.has(status));
}

/** The list state a URL query describes; anything missing or malformed takes its default. */
export function stateFromSearch(search: URLSearchParams): ReviewListState {
  let submittedFrom = day(search.get('submittedFrom'));
  let submittedTo = day(search.get('submittedTo'));
  if (submittedFrom && submittedTo && submittedFrom > submittedTo) [submittedFrom, submittedTo] = [submittedTo, submittedFrom];
  const sort = search.get('sort');
  const pageSize = Number(search.get('pageSize'));
  return {
    statuses: statuses(search.get('statuses')),
    submittedFrom,
    submittedTo,
    visitDate: day(search.get('visitDate')),
    channelId: text(search.get('channelId'), 64),
    keyword: text(search.get('keyword'), KEYWORD_MAX_LENGTH),
    sort: (REVIEW_SORTS as readonly string[]).includes(sort ?? '') ? (sort as AudienceSort) : DEFAULT_SORT,
    page: positiveInteger(search.get('page')) ?? 1,
    pageSize: (REVIEW_PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as ReviewPageSize) : DEFAULT_PAGE_SIZE,
  };
}

/** The filter part as query values (the export's query string); empty values are left out. */
export function filterParams(filter: ReviewFilter, sort: AudienceSort): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.statuses.length > 0) params.set('statuses', statuses(filter.statuses.join(',')).join(','));
  if (filter.submittedFrom) params.set('submittedFrom', filter.submittedFrom);
  if (filter.submittedTo) params.set('submittedTo', filter.submittedTo);
  if (filter.visitDate) params.set('visitDate', filter.visitDate);
  if (filter.channelId) params.set('channelId', filter.channelId);
  const keyword = filter.keyword?.trim();
  if (keyword) params.set('keyword', keyword);
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  return params;
}

/** The URL query of a list state; defaults are left out so that the plain path is the default list. */
export function searchFromState(state: ReviewListState): URLSearchParams {
  const params = filterParams(state, state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  return params;
}

/**
 * Writes a list state into an existing query, keeping values that are not the list's (the open
 * detail, a `lang`), so that changing a filter does not close the drawer or drop the language.
 */
export function mergeSearch(current: URLSearchParams, state: ReviewListState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['statuses', 'submittedFrom', 'submittedTo', 'visitDate', 'channelId', 'keyword', 'sort', 'page', 'pageSize']) next.delete(key);
  for (const [key, value] of searchFromState(state)) next.set(key, value);
  return next;
}

/** A filter change goes back to page 1 (the old page may not exist any more); sort and page size are kept. */
export function withFilter(state: ReviewListState, patch: Partial<ReviewFilter>): ReviewListState {
  return { ...state, ...patch, page: 1 };
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export function hasFilter(filter: ReviewFilter): boolean {
  return filter.statuses.length > 0 || Boolean(filter.submittedFrom || filter.submittedTo || filter.visitDate || filter.channelId || filter.keyword?.trim());
}

/** The variables of the ReviewAudiences query. */
export function queryVariables(state: ReviewListState): ReviewAudiencesQueryVariables {
  const filter: AudienceFilter = {};
  if (state.statuses.length > 0) filter.statuses = [...state.statuses];
  if (state.submittedFrom) filter.submittedFrom = state.submittedFrom;
  if (state.submittedTo) filter.submittedTo = state.submittedTo;
  if (state.visitDate) filter.visitDate = state.visitDate;
  if (state.channelId) filter.channelId = state.channelId;
  const keyword = state.keyword?.trim();
  if (keyword) filter.keyword = keyword;
  return { filter, sort: state.sort, page: state.page, pageSize: state.pageSize };
}

export const EXPORT_PATH = '/apis/files/exports/audiences.xlsx';

/** The export of the filtered list (every page), in the list's order. */
export function exportHref(state: ReviewListState): string {
  const query = filterParams(state, state.sort);
  // The export defaults to the list's default order too, but say it explicitly: the file must match the screen.
  query.set('sort', state.sort);
  return `${EXPORT_PATH}?${query.toString()}`;
}

/** The last page that exists for `total` rows (1 when empty): a page beyond it is clamped after a bulk action shrank the list. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The table's sortable columns and how the server's sort values map onto their sort arrows. */
export type ReviewSortColumn = 'submittedAt' | 'name' | 'status';
export type ColumnOrder = 'ascend' | 'descend' | null;

const SORT_COLUMNS: Record<AudienceSort, { column: ReviewSortColumn; order: 'ascend' | 'descend' }> = {
  SUBMITTED_DESC: { column: 'submittedAt', order: 'descend' },
  SUBMITTED_ASC: { column: 'submittedAt', order: 'ascend' },
  NAME_ASC: { column: 'name', order: 'ascend' },
  STATUS_ASC: { column: 'status', order: 'ascend' },
};

/** The arrow a column shows for the current sort. */
export function columnSortOrder(sort: AudienceSort, column: ReviewSortColumn): ColumnOrder {
  const current = SORT_COLUMNS[sort];
  return current.column === column ? current.order : null;
}

/** The sort a click on a column header asks for; clearing the sort goes back to the newest first. */
export function sortFromColumn(column: string | undefined, order: ColumnOrder | undefined): AudienceSort {
  if (!order) return DEFAULT_SORT;
  const found = (Object.entries(SORT_COLUMNS) as Array<[AudienceSort, { column: ReviewSortColumn; order: string }]>).find(
    ([, value]) => value.column === column && value.order === order,
  );
  return found ? found[0] : DEFAULT_SORT;
}
