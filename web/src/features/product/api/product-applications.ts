import { useQuery } from '@tanstack/react-query';
import { ZSubmissionListInput, type TSubmissionListInput } from '@portal/shared/submission/submission.schema';
import { ProductApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { PRODUCT_KEY } from './my-product-applications';

/** The organizers' queue, one page, filtered on the server. */
export function useProductApplications(input: TSubmissionListInput) {
  const variables = ZSubmissionListInput.parse(input);
  return useQuery({
    queryKey: [...PRODUCT_KEY, 'queue', variables],
    queryFn: ({ signal }) => graphqlRequest(ProductApplicationsDocument, variables, signal).then((data) => data.productApplications),
    placeholderData: (previous) => previous,
  });
}

/** The xlsx of the filtered list (the server narrows an exhibitor's export to its company). */
export function productExportHref(input: TSubmissionListInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input.filter ?? {})) if (value) params.set(key, value);
  const query = params.toString();
  return `/apis/files/exports/products.xlsx${query ? `?${query}` : ''}`;
}
