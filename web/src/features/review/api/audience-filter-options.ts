import { queryOptions, useQuery } from '@tanstack/react-query';
import { AudienceFilterOptionsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** The show days, channels and agents' groups the filters offer (channel names come in the caller's language). */
export function audienceFilterOptionsQueryOptions(locale: string) {
  return queryOptions({
    queryKey: ['review', 'filter-options', locale] as const,
    queryFn: ({ signal }) => graphqlRequest(AudienceFilterOptionsDocument, {}, signal).then((data) => ({ ...data.project, visitorGroups: data.visitorGroups })),
    staleTime: 10 * 60_000,
  });
}

export function useAudienceFilterOptions(locale: string) {
  return useQuery(audienceFilterOptionsQueryOptions(locale));
}
