import { useQuery } from '@tanstack/react-query';
import { TicketShowDaysDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** The show's days in order (the day filter's options). */
export function useTicketShowDays() {
  return useQuery({
    queryKey: ['project', 'showDays', 'ticket-office'],
    queryFn: ({ signal }) => graphqlRequest(TicketShowDaysDocument, {}, signal).then((data) => data.project.showDays.map((row) => row.day).sort()),
    staleTime: 10 * 60_000,
  });
}
