import { useQuery } from '@tanstack/react-query';
import { TicketQrDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OFFICE_TICKETS_KEY } from './office-tickets';

/** A valid ticket's signed QR token (audited on the server: asked once per opening). */
export function useTicketQr(ticketId: string | null) {
  return useQuery({
    queryKey: [...OFFICE_TICKETS_KEY, 'qr', ticketId],
    queryFn: ({ signal }) => graphqlRequest(TicketQrDocument, { ticketId: ticketId ?? '' }, signal).then((data) => data.ticketQr),
    enabled: ticketId !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}
