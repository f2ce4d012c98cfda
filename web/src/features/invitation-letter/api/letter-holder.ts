import { queryOptions, useQuery } from '@tanstack/react-query';
import { LetterHolderDocument, type LetterHolderQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type LetterHolder = LetterHolderQuery['letterHolder'];
export type InvitationLetter = LetterHolder['letters'][number];

export const LETTERS_KEY = ['invitation-letter'] as const;

export const letterHolderQuery = (badgeId: string | null) =>
  queryOptions({
    queryKey: [...LETTERS_KEY, 'holder', badgeId ?? 'own'],
    queryFn: ({ signal }) => graphqlRequest(LetterHolderDocument, { badgeId }, signal).then((data) => data.letterHolder),
  });

/** Who a letter would name (the visitor's own, or an exhibitor's badge) and their letters. */
export function useLetterHolder(badgeId: string | null) {
  return useQuery(letterHolderQuery(badgeId));
}
