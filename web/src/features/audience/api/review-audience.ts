import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReviewAudienceDocument, type ReviewAudienceQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type ReviewAudienceDetail = NonNullable<ReviewAudienceQuery['audience']>;

export const REVIEW_AUDIENCE_KEY = ['review', 'audience'] as const;

/**
 * One application in full (the full ID number and the photos' authorised URLs). The server audits
 * every call, so it is fetched only while the drawer is open and not refetched in the background.
 */
export function reviewAudienceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...REVIEW_AUDIENCE_KEY, id] as const,
    queryFn: ({ signal }) => graphqlRequest(ReviewAudienceDocument, { id }, signal).then((data) => data.audience),
    staleTime: 60_000,
    gcTime: 60_000,
  });
}

export function useReviewAudience(id: string | null) {
  return useQuery({ ...reviewAudienceQueryOptions(id ?? ''), enabled: Boolean(id) });
}
