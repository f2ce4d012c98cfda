import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listInputOf, type AudienceListState } from '@portal/shared/review/audience-list';
import { AudienceListDocument, type AudienceListQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type AudienceListRow = AudienceListQuery['audiences']['nodes'][number];

/** Every approval-list query starts with this key; a review action invalidates them all. */
export const AUDIENCE_LIST_KEY = ['review', 'audiences'] as const;

/** Channel names come in the caller's language, so the language is part of the key. */
export function audienceListQueryOptions(state: AudienceListState, locale: string) {
  const variables = listInputOf(state);
  return queryOptions({
    queryKey: [...AUDIENCE_LIST_KEY, locale, variables] as const,
    queryFn: ({ signal }) => graphqlRequest(AudienceListDocument, variables, signal).then((data) => data.audiences),
    staleTime: 15_000,
  });
}

export function useAudienceList(state: AudienceListState, locale: string) {
  // The previous page stays on screen while the next one loads, so paging and filtering feel instant.
  return useQuery({ ...audienceListQueryOptions(state, locale), placeholderData: keepPreviousData });
}
