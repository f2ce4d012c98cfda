import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDecideLetterInput, type TDecideLetterInput } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { DecideInvitationLetterDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { LETTERS_KEY } from './letter-holder';

export function useDecideLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TDecideLetterInput) => {
      const parsed = ZDecideLetterInput.parse(input);
      return graphqlRequest(DecideInvitationLetterDocument, { letterId: parsed.letterId, decision: parsed.decision, reason: parsed.decision === 'REFUSE' ? parsed.reason : null }).then((data) => data.decideInvitationLetter);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LETTERS_KEY }),
  });
}
