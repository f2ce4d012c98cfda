import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReinstateTicketDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OFFICE_TICKETS_KEY } from './office-tickets';

export function useReinstateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; reason: string }) => graphqlRequest(ReinstateTicketDocument, input).then((data) => data.reinstateTicket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...OFFICE_TICKETS_KEY, 'list'] }),
  });
}
