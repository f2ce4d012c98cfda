import { useQuery } from '@tanstack/react-query';
import { BoothQuotaRulesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export const RULES_KEY = ['booth-quota-rules'] as const;

/** Every booth type's badge quota rule. */
export function useBoothQuotaRules() {
  return useQuery({ queryKey: RULES_KEY, queryFn: ({ signal }) => graphqlRequest(BoothQuotaRulesDocument, {}, signal).then((data) => data.boothQuotaRules) });
}
