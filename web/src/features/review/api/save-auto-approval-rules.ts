import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSaveAutoApprovalRulesInput, type TSaveAutoApprovalRulesInput } from '@portal/shared/review/auto-approval.schema';
import { SaveAutoApprovalRulesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { AUTO_APPROVAL_RULES_KEY } from './auto-approval-rules';

export function useSaveAutoApprovalRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSaveAutoApprovalRulesInput) => graphqlRequest(SaveAutoApprovalRulesDocument, ZSaveAutoApprovalRulesInput.parse(input)).then((data) => data.saveAutoApprovalRules),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTO_APPROVAL_RULES_KEY }),
  });
}
