import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRefuseApplicationsInput } from '@portal/shared/review/review.schema';
import { RefuseApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { invalidateReview } from './approve-applications';

/** WAIT → REFUSE, or revokes DONE → REFUSE, with one reason for every id (checked by the shared schema first). */
export function refuseApplications(input: { ids: readonly string[]; reason: string }) {
  const parsed = ZRefuseApplicationsInput.parse({ ids: [...input.ids], reason: input.reason });
  return graphqlRequest(RefuseApplicationsDocument, parsed).then((data) => data.refuseAudiences);
}

export function useRefuseApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseApplications,
    onSettled: (_data, _error, input) => invalidateReview(queryClient, input.ids),
  });
}
