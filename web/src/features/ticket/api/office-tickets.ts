import { useQuery } from '@tanstack/react-query';
import type { TTicketFilter } from '@portal/shared/ticket/ticket.schema';
import { OfficeTicketsDocument, type OfficeTicketFieldsFragment } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type OfficeTicket = OfficeTicketFieldsFragment;
export const OFFICE_TICKETS_KEY = ['ticket-office'] as const;

/** ROLE_SUPER_ADMIN or ROLE_TICKET: one page of tickets, newest first, paged and filtered on the server. */
export function useOfficeTickets(filter: TTicketFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...OFFICE_TICKETS_KEY, 'list', filter, page, pageSize],
    queryFn: ({ signal }) => graphqlRequest(OfficeTicketsDocument, { filter, page, pageSize }, signal).then((data) => data.tickets),
    placeholderData: (previous) => previous,
  });
}
