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
