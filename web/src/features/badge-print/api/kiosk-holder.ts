import { useQuery } from '@tanstack/react-query';
import { KioskHolderDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** The chosen holder's photo (an audited face-check view on the server: asked once per choice) and the badges already printed. */
export function useKioskHolder(ticketId: string | null) {
  return useQuery({
    queryKey: ['badge-print', 'kiosk-holder', ticketId],
    queryFn: ({ signal }) => graphqlRequest(KioskHolderDocument, { ticketId: ticketId ?? '' }, signal),
    enabled: ticketId !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}
