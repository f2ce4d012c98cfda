import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_PAGE_SIZES, auditFilterFromSearch, auditFilterToSearch, ZAuditLogFilter, type TAuditLogFilter } from '@portal/shared/audit/audit-log';

export interface AuditLogState {
  filter: TAuditLogFilter;
  /** The page shows entries older than this id; null for the newest. */
  before: string | null;
  pageSize: number;
}

/**
 * The audit page's URL: the shared filter's query names (the export link uses the same), `before` and
 * `pageSize`. A value the schema refuses (a hand-edited link) is dropped rather than failing the page.
 */
export function auditLogStateOf(search: URLSearchParams): AuditLogState {
  const before = search.get('before');
  const pageSize = Number(search.get('pageSize'));
  return {
    filter: filterOf(auditFilterFromSearch(search)),
    before: before && /^[1-9]\d{0,17}$/.test(before) ? before : null,
    pageSize: (AUDIT_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : AUDIT_DEFAULT_PAGE_SIZE,
  };
}

function filterOf(raw: Record<string, unknown>): TAuditLogFilter {
  const whole = ZAuditLogFilter.safeParse(raw);
  if (whole.success) return whole.data;
  const valid = Object.fromEntries(Object.entries(raw).filter(([key, value]) => ZAuditLogFilter.safeParse({ [key]: value }).success));
  const kept = ZAuditLogFilter.safeParse(valid);
  if (kept.success) return kept.data;
  // Only the pair can still disagree (from after to): drop the range.
  const { from: _from, to: _to, ...rest } = valid;
  return ZAuditLogFilter.parse(rest);
}

export function auditLogSearchOf(state: AuditLogState): URLSearchParams {
  const search = auditFilterToSearch(state.filter);
  if (state.before) search.set('before', state.before);
  if (state.pageSize !== AUDIT_DEFAULT_PAGE_SIZE) search.set('pageSize', String(state.pageSize));
  return search;
}

/** The `AuditLog` query's variables (DateTime travels as ISO text). */
export function auditLogVariablesOf(state: AuditLogState) {
  const { from, to, ...rest } = state.filter;
  return { filter: { ...rest, from: from?.toISOString() ?? null, to: to?.toISOString() ?? null }, before: state.before, pageSize: state.pageSize };
}

/** GET /apis/files/exports/audit-log.xlsx with the filter on screen (every page). */
export function auditLogExportHref(filter: TAuditLogFilter): string {
  const query = auditFilterToSearch(filter).toString();
  return `/apis/files/exports/audit-log.xlsx${query ? `?${query}` : ''}`;
}
