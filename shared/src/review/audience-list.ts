/**
 * The organizer's approval list: its filter, sort and paging, defined once. The GraphQL `audiences`
 * query and the xlsx export parse their input with these schemas; the web keeps the same state in the
 * URL (a reload or a shared link shows the same list) and the export's query string has the same names.
 */
import { z } from 'zod';
import { ZCalendarDate } from '../application/application.schema';
import type { ApproveStatus } from '../application/application-status';
import { plainText } from '../text';

/** The states an organizer filters on (CREATED is an account without an application). */
export const REVIEW_STATUSES = ['WAIT', 'DONE', 'REFUSE'] as const satisfies readonly ApproveStatus[];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const AUDIENCE_LIST_SORTS = ['SUBMITTED_DESC', 'SUBMITTED_ASC', 'NAME_ASC', 'STATUS_ASC'] as const;
export type AudienceListSort = (typeof AUDIENCE_LIST_SORTS)[number];
export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_SORT: AudienceListSort = 'SUBMITTED_DESC';
export const DEFAULT_PAGE_SIZE: PageSize = 20;
/** Name (contains), mobile or ID number (exact or ending with): nothing longer is meaningful. */
export const KEYWORD_MAX_LENGTH = 64;

const filterFields = {
  statuses: z.array(z.enum(REVIEW_STATUSES)).max(REVIEW_STATUSES.length),
  /** Inclusive, Asia/Shanghai calendar days. */
  submittedFrom: ZCalendarDate,
  submittedTo: ZCalendarDate,
  visitDate: ZCalendarDate,
  channelId: z.uuid('VALIDATION_FAILED'),
  /** An agent's group (docs/decisions/0210-group-registration.md). */
  groupId: z.uuid('VALIDATION_FAILED'),
  keyword: plainText('VALIDATION_FAILED').trim().max(KEYWORD_MAX_LENGTH, 'VALIDATION_FAILED'),
  /** Only the applications verified at the counter (decision 0209); in a URL `counterCheck=true`. */
  counterCheck: z.boolean('VALIDATION_FAILED'),
};

export const ZAudienceListFilter = z.object({
  statuses: filterFields.statuses.nullish(),
  submittedFrom: filterFields.submittedFrom.nullish(),
  submittedTo: filterFields.submittedTo.nullish(),
  visitDate: filterFields.visitDate.nullish(),
  channelId: filterFields.channelId.nullish(),
  groupId: filterFields.groupId.nullish(),
  keyword: filterFields.keyword.nullish(),
  counterCheck: filterFields.counterCheck.nullish(),
});
export const ZAudienceListSort = z.enum(AUDIENCE_LIST_SORTS);

/** The GraphQL `audiences` arguments. */
export const ZAudienceListInput = z.object({
  filter: ZAudienceListFilter.nullish(),
  sort: ZAudienceListSort.nullish(),
  page: z.number().int().min(1).max(1_000_000).nullish(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).nullish(),
});
export type TAudienceListInput = z.output<typeof ZAudienceListInput>;

export interface AudienceListFilter {
  statuses: ReviewStatus[];
  submittedFrom: string | null;
  submittedTo: string | null;
  visitDate: string | null;
  channelId: string | null;
  groupId: string | null;
  keyword: string | null;
  /** Only the applications verified at the counter. */
  counterCheck: boolean;
}

export interface AudienceListState extends AudienceListFilter {
  sort: AudienceListSort;
  page: number;
  pageSize: PageSize;
}

export const EMPTY_FILTER: AudienceListFilter = { statuses: [], submittedFrom: null, submittedTo: null, visitDate: null, channelId: null, groupId: null, keyword: null, counterCheck: false };
export const DEFAULT_LIST_STATE: AudienceListState = { ...EMPTY_FILTER, sort: DEFAULT_SORT, page: 1, pageSize: DEFAULT_PAGE_SIZE };

function canonicalStatuses(values: readonly string[]): ReviewStatus[] {
  const wanted = new Set(values.map((value) => value.trim().toUpperCase()));
  // Kept in the canonical order, so that the same filter always gives the same URL and cache key.
  return REVIEW_STATUSES.filter((status) => wanted.has(status));
}

/** The filter a complete input asks for, with the defaults filled in (from/to swapped when reversed). */
export function filterOf(input: z.output<typeof ZAudienceListFilter> | null | undefined): AudienceListFilter {
  let submittedFrom = input?.submittedFrom ?? null;
  let submittedTo = input?.submittedTo ?? null;
  if (submittedFrom && submittedTo && submittedFrom > submittedTo) [submittedFrom, submittedTo] = [submittedTo, submittedFrom];
  return {
    statuses: canonicalStatuses(input?.statuses ?? []),
    submittedFrom,
    submittedTo,
    visitDate: input?.visitDate ?? null,
    channelId: input?.channelId ?? null,
    groupId: input?.groupId ?? null,
    keyword: input?.keyword || null,
    counterCheck: input?.counterCheck === true,
  };
}

/**
 * The list state a URL query describes. Every value is checked with the same field schema the server
 * uses; a malformed one takes its default and is named in `invalid` (the web drops it quietly, the
 * export route refuses the request).
 */
export function listStateFromSearch(search: URLSearchParams): { state: AudienceListState; invalid: string[] } {
  const invalid: string[] = [];
  const read = <T>(key: string, schema: z.ZodType<T>, raw: unknown): T | null => {
    if (raw === null || raw === undefined || raw === '') return null;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    invalid.push(key);
    return null;
  };
  const text = (key: string) => search.get(key)?.trim() ?? null;
  const statusesText = text('statuses');
  const statuses = statusesText ? read('statuses', filterFields.statuses, statusesText.split(',').map((value) => value.trim().toUpperCase()).filter(Boolean)) : null;
  const filter = filterOf({
    statuses,
    submittedFrom: read('submittedFrom', filterFields.submittedFrom, text('submittedFrom')),
    submittedTo: read('submittedTo', filterFields.submittedTo, text('submittedTo')),
    visitDate: read('visitDate', filterFields.visitDate, text('visitDate')),
    channelId: read('channelId', filterFields.channelId, text('channelId')),
    groupId: read('groupId', filterFields.groupId, text('groupId')),
    keyword: read('keyword', filterFields.keyword, text('keyword')),
    counterCheck: read('counterCheck', z.literal('true').transform(() => true), text('counterCheck')),
  });
  const page = read('page', z.coerce.number().int().min(1).max(1_000_000), text('page'));
  const pageSize = read('pageSize', z.coerce.number().pipe(z.union(PAGE_SIZES.map((size) => z.literal(size)))), text('pageSize'));
  return {
    state: { ...filter, sort: read('sort', ZAudienceListSort, text('sort')) ?? DEFAULT_SORT, page: page ?? 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE },
    invalid,
  };
}

/** The filter (and a sort other than the default) as query values; empty values are left out. */
export function filterSearch(filter: AudienceListFilter, sort: AudienceListSort): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.statuses.length > 0) params.set('statuses', canonicalStatuses(filter.statuses).join(','));
  for (const key of ['submittedFrom', 'submittedTo', 'visitDate', 'channelId', 'groupId'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const keyword = filter.keyword?.trim();
  if (keyword) params.set('keyword', keyword);
  if (filter.counterCheck) params.set('counterCheck', 'true');
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  return params;
}

/** What the list opens on where the input's own fields have no default (the web's list state, useListState). */
export const AUDIENCE_LIST_DEFAULTS = { sort: DEFAULT_SORT, page: 1, pageSize: DEFAULT_PAGE_SIZE } as const;

/** The list state an `audiences` input asks for: the filter with its defaults filled in, the sort and paging. */
export function listStateOf(input: TAudienceListInput): AudienceListState {
  const pageSize = PAGE_SIZES.find((size) => size === input.pageSize) ?? DEFAULT_PAGE_SIZE;
  return { ...filterOf(input.filter), sort: input.sort ?? DEFAULT_SORT, page: input.page ?? 1, pageSize };
}

/** The GraphQL `audiences` arguments of a list state (empty filter values left out). */
export function listInputOf(state: AudienceListState) {
  const filter: z.input<typeof ZAudienceListFilter> = {};
  if (state.statuses.length > 0) filter.statuses = [...state.statuses];
  for (const key of ['submittedFrom', 'submittedTo', 'visitDate', 'channelId', 'groupId'] as const) {
    const value = state[key];
    if (value) filter[key] = value;
  }
  const keyword = state.keyword?.trim();
  if (keyword) filter.keyword = keyword;
  if (state.counterCheck) filter.counterCheck = true;
  return { filter, sort: state.sort, page: state.page, pageSize: state.pageSize };
}

/** The export of the filtered list (every page), in the list's order. */
export const AUDIENCE_EXPORT_PATH = '/apis/files/exports/audiences.xlsx';

export function audienceExportHref(state: AudienceListState): string {
  const query = filterSearch(state, state.sort);
  // The export defaults to the list's default order too, but say it explicitly: the file must match the screen.
  query.set('sort', state.sort);
  return `${AUDIENCE_EXPORT_PATH}?${query.toString()}`;
}
