import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuditLogDocument, type AuditLogQuery, type AuditLogQueryVariables } from '../../../graphql/operations.generated';
import { auditFilterToSearch, type TAuditLogFilter, type TAuditLogInput } from '@portal/shared/audit/audit-log';
import { graphqlRequest } from '../../../lib/graphql-client';

export type AuditLogRow = AuditLogQuery['auditLog']['nodes'][number];

export function auditLogQueryOptions(variables: AuditLogQueryVariables) {
  return queryOptions({
    queryKey: ['audit', 'log', variables] as const,
    queryFn: ({ signal }) => graphqlRequest(AuditLogDocument, variables, signal).then((data) => data.auditLog),
    staleTime: 10_000,
  });
}

export function useAuditLog(variables: AuditLogQueryVariables) {
  // The page on screen stays while the next one loads.
  return useQuery({ ...auditLogQueryOptions(variables), placeholderData: keepPreviousData });
}

/** The `AuditLog` query's variables from the list input (DateTime travels as ISO text). */
export function auditLogVariablesOf(input: TAuditLogInput): AuditLogQueryVariables {
  const { from, to, ...rest } = input.filter ?? {};
  return { filter: { ...rest, from: from?.toISOString() ?? null, to: to?.toISOString() ?? null }, before: input.before ?? null, pageSize: input.pageSize ?? null };
}

/** GET /apis/files/exports/audit-log.xlsx with the filter on screen (every page). */
export function auditLogExportHref(filter: TAuditLogFilter): string {
  const query = auditFilterToSearch(filter).toString();
  return `/apis/files/exports/audit-log.xlsx${query ? `?${query}` : ''}`;
}
