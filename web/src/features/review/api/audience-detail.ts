import { queryOptions, useQuery } from '@tanstack/react-query';
import { AudienceDetailDocument, type AudienceDetailQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type AudienceDetail = NonNullable<AudienceDetailQuery['audience']>;

export const AUDIENCE_DETAIL_KEY = ['review', 'audience'] as const;

/**
 * One application in full (the full ID number and the photos' authorised URLs). The server audits
 * every call, so it is fetched only while the drawer is open and not refetched in the background.
 */
export function audienceDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...AUDIENCE_DETAIL_KEY, id] as const,
    queryFn: ({ signal }) => graphqlRequest(AudienceDetailDocument, { id }, signal).then((data) => data.audience),
    staleTime: 60_000,
    gcTime: 60_000,
  });
}

export function useAudienceDetail(id: string | null) {
  return useQuery({ ...audienceDetailQueryOptions(id ?? ''), enabled: Boolean(id) });
}
