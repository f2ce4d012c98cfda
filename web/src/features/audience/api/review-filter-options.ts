import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReviewFilterOptionsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** The show days and channels the filters offer (channel names come in the caller's language). */
export function reviewFilterOptionsQueryOptions(locale: string) {
  return queryOptions({
    queryKey: ['review', 'filter-options', locale] as const,
    queryFn: ({ signal }) => graphqlRequest(ReviewFilterOptionsDocument, {}, signal).then((data) => data.project),
    staleTime: 10 * 60_000,
  });
}

export function useReviewFilterOptions(locale: string) {
  return useQuery(reviewFilterOptionsQueryOptions(locale));
}
