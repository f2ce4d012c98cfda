import { useQuery } from '@tanstack/react-query';
import { TicketHistoryDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OFFICE_TICKETS_KEY } from './office-tickets';

/** One ticket's history, oldest first: issued, revoked and reinstated with their reasons, face-checked, admitted. */
export function useTicketHistory(ticketId: string | null) {
  return useQuery({
    queryKey: [...OFFICE_TICKETS_KEY, 'history', ticketId],
    queryFn: ({ signal }) => graphqlRequest(TicketHistoryDocument, { ticketId: ticketId ?? '' }, signal).then((data) => data.ticketHistory),
    enabled: ticketId !== null,
  });
}
