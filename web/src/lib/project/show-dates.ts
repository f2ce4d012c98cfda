import { queryOptions, useQuery } from '@tanstack/react-query';
import { ShowDatesDocument } from '../../graphql/operations.generated';
import { graphqlRequest } from '../graphql-client';

/** Public: the days (YYYY-MM-DD, in order) of the running show with its first and last, or null while it has no days. */
export const showDatesQueryOptions = queryOptions({
  queryKey: ['project', 'showDates'] as const,
  queryFn: async ({ signal }) => {
    const days = (await graphqlRequest(ShowDatesDocument, {}, signal)).project.showDays.map((showDay) => showDay.day).sort();
    const first = days[0];
    const last = days[days.length - 1];
    return first && last ? { first, last, days } : null;
  },
  staleTime: 10 * 60_000,
});

export function useShowDates() {
  return useQuery(showDatesQueryOptions);
}
