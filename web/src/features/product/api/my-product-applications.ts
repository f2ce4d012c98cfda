import { useQuery } from '@tanstack/react-query';
import { ZSubmissionListInput, type TSubmissionListInput } from '@portal/shared/submission/submission.schema';
import { MyProductApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export const PRODUCT_KEY = ['product'] as const;

/** The company's own product applications, one page. */
export function useMyProductApplications(input: TSubmissionListInput) {
  const variables = ZSubmissionListInput.parse(input);
  return useQuery({
    queryKey: [...PRODUCT_KEY, 'mine', variables],
    queryFn: ({ signal }) => graphqlRequest(MyProductApplicationsDocument, variables, signal).then((data) => data.myProductApplications),
    placeholderData: (previous) => previous,
  });
}
