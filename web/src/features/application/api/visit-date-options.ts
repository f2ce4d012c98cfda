import { queryOptions, useQuery } from '@tanstack/react-query';
import { VisitDateOptionsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OWN_APPLICATION_KEY } from '../../../lib/own-application';

/** The show days (capacity, seats left, deadline), the days the visitor holds, and their places on full days' waitlists. */
export const visitDateOptionsQueryOptions = queryOptions({
  queryKey: [...OWN_APPLICATION_KEY, 'visitDates'] as const,
  queryFn: async ({ signal }) => {
    const data = await graphqlRequest(VisitDateOptionsDocument, {}, signal);
    const audience = data.viewer.__typename === 'User' ? data.viewer.audience : null;
    return { showDays: data.project.showDays, held: audience?.visitDates ?? [], waitlist: audience?.waitlist ?? [], loadedAt: Date.now() };
  },
});

export function useVisitDateOptions() {
  return useQuery(visitDateOptionsQueryOptions);
}
