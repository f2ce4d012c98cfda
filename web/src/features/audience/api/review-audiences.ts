import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReviewAudiencesDocument, type ReviewAudiencesQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { queryVariables, type ReviewListState } from '../lib/review-filter';

export type ReviewAudienceRow = ReviewAudiencesQuery['audiences']['nodes'][number];

/** Every approval-list query starts with this key; a review action invalidates them all. */
export const REVIEW_AUDIENCES_KEY = ['review', 'audiences'] as const;

/** Channel names come in the caller's language, so the language is part of the key. */
export function reviewAudiencesQueryOptions(state: ReviewListState, locale: string) {
  const variables = queryVariables(state);
  return queryOptions({
    queryKey: [...REVIEW_AUDIENCES_KEY, locale, variables] as const,
    queryFn: ({ signal }) => graphqlRequest(ReviewAudiencesDocument, variables, signal).then((data) => data.audiences),
    staleTime: 15_000,
  });
}

export function useReviewAudiences(state: ReviewListState, locale: string) {
  // The previous page stays on screen while the next one loads, so paging and filtering feel instant.
  return useQuery({ ...reviewAudiencesQueryOptions(state, locale), placeholderData: keepPreviousData });
}
