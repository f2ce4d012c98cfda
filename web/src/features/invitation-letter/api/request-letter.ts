import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRequestLetterInput, type TRequestLetterInput } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { RequestInvitationLetterDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { LETTERS_KEY } from './letter-holder';

export function useRequestLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TRequestLetterInput) => graphqlRequest(RequestInvitationLetterDocument, { input: ZRequestLetterInput.parse(input) }).then((data) => data.requestInvitationLetter),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LETTERS_KEY }),
  });
}
