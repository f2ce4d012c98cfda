/**
 * What the approval list's page adds to its URL state (the list's own values are kept by useListState from
 * the shared `ZAudienceListInput`): the open detail, the filter as a key, the table's sort arrows.
 */
import { DEFAULT_SORT, filterSearch, type AudienceListFilter, type AudienceListSort } from '@portal/shared/review/audience-list';

/** The query value of the application whose detail drawer is open. */
export const DETAIL_PARAM = 'detail';

/** The filter alone as a text: the selection belongs to one filter (sort and page do not change it). */
export function filterKeyOf(filter: AudienceListFilter): string {
  return filterSearch(filter, DEFAULT_SORT).toString();
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
