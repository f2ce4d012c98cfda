import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBadgeTemplateInput, type TBadgeTemplateInput } from '@portal/shared/badge-print/badge-print.schema';
import { SaveBadgeTemplateDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { BADGE_TEMPLATES_KEY } from './badge-templates';

export function useSaveBadgeTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TBadgeTemplateInput) => graphqlRequest(SaveBadgeTemplateDocument, { input: ZBadgeTemplateInput.parse(input) }).then((data) => data.saveBadgeTemplate),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BADGE_TEMPLATES_KEY }),
  });
}
