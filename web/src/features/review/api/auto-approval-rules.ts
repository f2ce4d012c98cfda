import { queryOptions, useQuery } from '@tanstack/react-query';
import { AutoApprovalRulesDocument, type AutoApprovalRulesQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type AutoApprovalRules = AutoApprovalRulesQuery;

export const AUTO_APPROVAL_RULES_KEY = ['review', 'auto-approval-rules'] as const;

export const autoApprovalRulesQuery = queryOptions({
  queryKey: AUTO_APPROVAL_RULES_KEY,
  queryFn: ({ signal }) => graphqlRequest(AutoApprovalRulesDocument, {}, signal),
});

export function useAutoApprovalRules() {
  return useQuery(autoApprovalRulesQuery);
}
