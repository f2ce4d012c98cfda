import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZErasePersonalDataInput } from '@portal/shared/review/review.schema';
import { ErasePersonalDataDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { invalidateReview } from './approve-applications';

/** Super administrators: erases the applications' personal data; `confirmation` is the number typed (checked by the shared schema first). */
export function erasePersonalData(input: { ids: readonly string[]; confirmation: string }) {
  const parsed = ZErasePersonalDataInput.parse({ ids: [...input.ids], confirmation: input.confirmation });
  return graphqlRequest(ErasePersonalDataDocument, parsed).then((data) => data.erasePersonalData);
}

export function useErasePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePersonalData,
    onSettled: (_data, _error, input) => invalidateReview(queryClient, input.ids),
  });
}
