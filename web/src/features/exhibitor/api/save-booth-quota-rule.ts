import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSaveBoothQuotaRuleInput, type TSaveBoothQuotaRuleInput } from '@portal/shared/exhibitor/badge-quota';
import { SaveBoothQuotaRuleDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { RULES_KEY } from './booth-quota-rules';
import { EXHIBITORS_KEY } from './exhibitors';

export function saveBoothQuotaRule(input: TSaveBoothQuotaRuleInput) {
  return graphqlRequest(SaveBoothQuotaRuleDocument, { input: ZSaveBoothQuotaRuleInput.parse(input) }).then((data) => data.saveBoothQuotaRule);
}

/** Saving a rule recomputes companies' limits: the rules and the company list are fetched again. */
export function useSaveBoothQuotaRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBoothQuotaRule,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: RULES_KEY }), queryClient.invalidateQueries({ queryKey: EXHIBITORS_KEY })]),
  });
}
