import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBadgeId } from '@portal/shared/badge/badge.schema';
import { DeleteBadgeDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OWN_BADGES_KEY } from './own-badges';

/** Deletes a badge that is not approved (the server refuses the others: SUBMISSION_NOT_EDITABLE). */
export function deleteBadge(id: string) {
  return graphqlRequest(DeleteBadgeDocument, { id: ZBadgeId.parse(id) }).then((data) => data.deleteBadge);
}

export function useDeleteBadge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBadge, onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_BADGES_KEY }) });
}
