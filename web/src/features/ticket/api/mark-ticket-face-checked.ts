import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MarkTicketFaceCheckedDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OFFICE_TICKETS_KEY } from './office-tickets';

export function useMarkTicketFaceChecked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) => graphqlRequest(MarkTicketFaceCheckedDocument, { ticketId }).then((data) => data.markTicketFaceChecked),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...OFFICE_TICKETS_KEY, 'list'] }),
  });
}
