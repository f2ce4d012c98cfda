import { useQuery } from '@tanstack/react-query';
import { TicketFaceCheckDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OFFICE_TICKETS_KEY } from './office-tickets';

/** The face-check view of one ticket (each opening is audited on the server: asked once per opening). */
export function useTicketFaceCheck(ticketId: string | null) {
  return useQuery({
    queryKey: [...OFFICE_TICKETS_KEY, 'face-check', ticketId],
    queryFn: ({ signal }) => graphqlRequest(TicketFaceCheckDocument, { ticketId: ticketId ?? '' }, signal).then((data) => data.ticketFaceCheck),
    enabled: ticketId !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}
