import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSubmitProductInput, type TSubmitProductInput } from '@portal/shared/product/product.schema';
import { SubmitProductApplicationDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { PRODUCT_KEY } from './my-product-applications';

/** Files or edits a product application (→ PENDING); checked by the shared schema first. */
export function submitProductApplication(input: TSubmitProductInput) {
  return graphqlRequest(SubmitProductApplicationDocument, { input: ZSubmitProductInput.parse(input) }).then((data) => data.submitProductApplication);
}

export function useSubmitProductApplication() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitProductApplication, onSettled: () => queryClient.invalidateQueries({ queryKey: PRODUCT_KEY }) });
}
