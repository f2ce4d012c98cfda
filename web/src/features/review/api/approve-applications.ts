import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ZApproveApplicationsInput } from '@portal/shared/review/review.schema';
import { ApproveApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { AUDIENCE_DETAIL_KEY } from './audience-detail';
import { AUDIENCE_LIST_KEY } from './audience-list';

/** WAIT → DONE for every id; the server refuses the whole batch if one is not pending. The input is checked by the shared schema first. */
export function approveApplications(ids: readonly string[]) {
  const input = ZApproveApplicationsInput.parse({ ids: [...ids] });
  return graphqlRequest(ApproveApplicationsDocument, input).then((data) => data.approveAudiences);
}

/** A review changes the list (status, order, counts) and the details of the reviewed applications. */
export async function invalidateReview(queryClient: QueryClient, ids: readonly string[]): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: AUDIENCE_LIST_KEY }),
    ...ids.map((id) => queryClient.invalidateQueries({ queryKey: [...AUDIENCE_DETAIL_KEY, id] })),
  ]);
}

export function useApproveApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveApplications,
    // Also after a failure: a refused batch usually means the list on screen is out of date.
    onSettled: (_data, _error, ids) => invalidateReview(queryClient, ids),
  });
}
