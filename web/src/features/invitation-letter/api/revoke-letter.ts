import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRevokeLetterInput, type TRevokeLetterInput } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { RevokeInvitationLetterDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { LETTERS_KEY } from './letter-holder';

export function useRevokeLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TRevokeLetterInput) => graphqlRequest(RevokeInvitationLetterDocument, ZRevokeLetterInput.parse(input)).then((data) => data.revokeInvitationLetter),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LETTERS_KEY }),
  });
}
