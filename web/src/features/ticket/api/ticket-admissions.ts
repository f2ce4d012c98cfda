import { useQuery } from '@tanstack/react-query';
import { TicketAdmissionsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OFFICE_TICKETS_KEY } from './office-tickets';

/** One ticket's admissions, newest first (entries, re-entries, offline uploads and their conflicts). */
export function useTicketAdmissions(ticketId: string | null) {
  return useQuery({
    queryKey: [...OFFICE_TICKETS_KEY, 'admissions', ticketId],
    queryFn: ({ signal }) => graphqlRequest(TicketAdmissionsDocument, { ticketId: ticketId ?? '' }, signal).then((data) => data.ticketAdmissions),
    enabled: ticketId !== null,
  });
}
