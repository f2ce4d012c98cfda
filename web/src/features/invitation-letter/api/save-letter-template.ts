import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLetterTemplateInput, type TLetterTemplateInput } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { SaveLetterTemplateDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { LETTER_TEMPLATE_KEY } from './letter-template';

export function useSaveLetterTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLetterTemplateInput) => graphqlRequest(SaveLetterTemplateDocument, { input: ZLetterTemplateInput.parse(input) }).then((data) => data.saveLetterTemplate),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LETTER_TEMPLATE_KEY }),
  });
}
