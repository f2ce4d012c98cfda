import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ReviewApproveAudiencesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { REVIEW_AUDIENCE_KEY } from './review-audience';
import { REVIEW_AUDIENCES_KEY } from './review-audiences';

/** WAIT → DONE for every id; the server refuses the whole batch if one is not pending. */
export function approveAudiences(ids: readonly string[]) {
  return graphqlRequest(ReviewApproveAudiencesDocument, { ids: [...ids] }).then((data) => data.approveAudiences);
}

/** A review changes the list (status, order, counts) and the details of the reviewed applications. */
export async function invalidateReview(queryClient: QueryClient, ids: readonly string[]): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: REVIEW_AUDIENCES_KEY }),
    ...ids.map((id) => queryClient.invalidateQueries({ queryKey: [...REVIEW_AUDIENCE_KEY, id] })),
  ]);
}

export function useApproveAudiences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveAudiences,
    // Also after a failure: a refused batch usually means the list on screen is out of date.
    onSettled: (_data, _error, ids) => invalidateReview(queryClient, ids),
  });
}
