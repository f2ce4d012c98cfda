import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LetterStatus } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { InvitationLettersDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { LETTERS_KEY } from './letter-holder';

export const invitationLettersQuery = (status: LetterStatus | null) =>
  queryOptions({
    queryKey: [...LETTERS_KEY, 'queue', status ?? 'all'],
    queryFn: ({ signal }) => graphqlRequest(InvitationLettersDocument, { status }, signal).then((data) => data.invitationLetters),
  });

/** The organizers' queue: the letters of the kinds the viewer's section decides. */
export function useInvitationLetters(status: LetterStatus | null) {
  return useQuery(invitationLettersQuery(status));
}
