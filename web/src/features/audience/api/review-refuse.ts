import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReviewRefuseAudiencesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { invalidateReview } from './review-approve';

/** WAIT → REFUSE, or revokes DONE → REFUSE, with one reason for every id. */
export function refuseAudiences(input: { ids: readonly string[]; reason: string }) {
  return graphqlRequest(ReviewRefuseAudiencesDocument, { ids: [...input.ids], reason: input.reason.trim() }).then((data) => data.refuseAudiences);
}

export function useRefuseAudiences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseAudiences,
    onSettled: (_data, _error, input) => invalidateReview(queryClient, input.ids),
  });
}
