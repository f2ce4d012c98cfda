import { queryOptions, useQuery } from '@tanstack/react-query';
import { VisitDateOptionsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { AUDIENCE_QUERY_KEY } from './info-audience';

/** The show days (capacity, seats left, deadline) and the days the visitor holds. */
export const visitDateOptionsQueryOptions = queryOptions({
  queryKey: [...AUDIENCE_QUERY_KEY, 'visitDates'] as const,
  queryFn: async ({ signal }) => {
    const data = await graphqlRequest(VisitDateOptionsDocument, {}, signal);
    const held = data.viewer.__typename === 'User' ? (data.viewer.audience?.visitDates ?? []) : [];
    return { showDays: data.project.showDays, held, loadedAt: Date.now() };
  },
});

export function useVisitDateOptions() {
  return useQuery(visitDateOptionsQueryOptions);
}
