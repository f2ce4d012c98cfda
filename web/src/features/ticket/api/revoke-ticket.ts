import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RevokeTicketDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OFFICE_TICKETS_KEY } from './office-tickets';

export function useRevokeTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticketId: string; reason: string }) => graphqlRequest(RevokeTicketDocument, input).then((data) => data.revokeTicket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...OFFICE_TICKETS_KEY, 'list'] }),
  });
}
