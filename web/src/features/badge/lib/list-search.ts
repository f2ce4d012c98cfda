import { badgeFilterFromQuery, badgeFilterToSearch, ZBadgeFilter, type TBadgeFilter } from '@portal/shared/badge/badge.schema';

export const BADGE_PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = BADGE_PAGE_SIZES[0];

/** The exhibitor's list as the page holds it in the URL (so that "back" from a badge returns to the same view). */
export interface BadgeListState {
  filter: Omit<TBadgeFilter, 'exhibitorId'>;
  page: number;
  pageSize: number;
}

function positiveInteger(value: string | null, allowed?: readonly number[]): number | undefined {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) return undefined;
  return allowed && !allowed.includes(number) ? undefined : number;
}

/** Reads the URL query; a malformed value in a link takes its default rather than failing the page. */
export function badgeListFromSearch(search: URLSearchParams): BadgeListState {
  const raw = badgeFilterFromQuery(Object.fromEntries(search)) as Record<string, unknown>;
  const filter: BadgeListState['filter'] = {};
  for (const key of ['status', 'createdFrom', 'createdTo', 'keyword'] as const) {
    const parsed = ZBadgeFilter.shape[key].safeParse(raw[key]);
    if (parsed.success && parsed.data) Object.assign(filter, { [key]: parsed.data });
  }
  return { filter, page: positiveInteger(search.get('page')) ?? 1, pageSize: positiveInteger(search.get('pageSize'), BADGE_PAGE_SIZES) ?? DEFAULT_PAGE_SIZE };
}

/** The URL query of a state; defaults are left out. */
export function badgeListToSearch(state: BadgeListState): URLSearchParams {
  const search = badgeFilterToSearch(state.filter);
  if (state.page > 1) search.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(state.pageSize));
  return search;
}

/** The filtered list's export (every page, the list's order); the server restricts it to the viewer's company. */
export function badgeExportHref(filter: BadgeListState['filter'], kind: 'xlsx' | 'zip'): string {
  const query = badgeFilterToSearch(filter).toString();
  return `/apis/files/exports/badges.${kind}${query ? `?${query}` : ''}`;
}
