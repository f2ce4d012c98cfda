/**
 * The approval list's URL as the page handles it. The filter, sort and paging themselves — their
 * names, limits, parsing and the export link — are defined once in `@portal/shared/review/audience-list`
 * (the server's `audiences` query and the xlsx export parse the same schema); this file holds only
 * what the page adds: the open detail, merging into a query that carries other values, and the
 * table's sort arrows.
 */
import {
  DEFAULT_SORT,
  filterSearch,
  LIST_SEARCH_KEYS,
  listStateFromSearch,
  searchOfState,
  type AudienceListFilter,
  type AudienceListSort,
  type AudienceListState,
} from '@portal/shared/review/audience-list';

/** The query value of the application whose detail drawer is open. */
export const DETAIL_PARAM = 'detail';

/** The list state of a URL query; a malformed value takes its default (the page never fails on a bad link). */
export function listStateOf(search: URLSearchParams): AudienceListState {
  return listStateFromSearch(search).state;
}

/** The filter alone as a text: the selection belongs to one filter (sort and page do not change it). */
export function filterKeyOf(filter: AudienceListFilter): string {
  return filterSearch(filter, DEFAULT_SORT).toString();
}

/**
 * Writes a list state into an existing query, keeping values that are not the list's (the open
 * detail, a `lang`), so that changing a filter does not close the drawer or drop the language.
 */
export function mergeSearch(current: URLSearchParams, state: AudienceListState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of LIST_SEARCH_KEYS) next.delete(key);
  for (const [key, value] of searchOfState(state)) next.set(key, value);
  return next;
}

/** A filter change goes back to page 1 (the old page may not exist any more); sort and page size are kept. */
export function withFilter(state: AudienceListState, patch: Partial<AudienceListFilter>): AudienceListState {
  return { ...state, ...patch, page: 1 };
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export function hasFilter(filter: AudienceListFilter): boolean {
  return filterKeyOf(filter) !== '';
}

/** The last page that exists for `total` rows (1 when empty): a page beyond it is clamped after a bulk action shrank the list. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The table's sortable columns and how the server's sort values map onto their sort arrows. */
export type ReviewSortColumn = 'submittedAt' | 'name' | 'status';
export type ColumnOrder = 'ascend' | 'descend' | null;

const SORT_COLUMNS: Record<AudienceListSort, { column: ReviewSortColumn; order: 'ascend' | 'descend' }> = {
  SUBMITTED_DESC: { column: 'submittedAt', order: 'descend' },
  SUBMITTED_ASC: { column: 'submittedAt', order: 'ascend' },
  NAME_ASC: { column: 'name', order: 'ascend' },
  STATUS_ASC: { column: 'status', order: 'ascend' },
};

/** The arrow a column shows for the current sort. */
export function columnSortOrder(sort: AudienceListSort, column: ReviewSortColumn): ColumnOrder {
  const current = SORT_COLUMNS[sort];
  return current.column === column ? current.order : null;
}

/** The sort a click on a column header asks for; clearing the sort goes back to the newest first. */
export function sortFromColumn(column: string | undefined, order: ColumnOrder | undefined): AudienceListSort {
  if (!order) return DEFAULT_SORT;
  const found = (Object.entries(SORT_COLUMNS) as Array<[AudienceListSort, { column: ReviewSortColumn; order: string }]>).find(
    ([, value]) => value.column === column && value.order === order,
  );
  return found ? found[0] : DEFAULT_SORT;
}
