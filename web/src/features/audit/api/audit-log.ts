import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuditLogDocument, type AuditLogQuery, type AuditLogQueryVariables } from '../../../graphql/operations.generated';
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
