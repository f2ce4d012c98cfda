import { useQuery } from '@tanstack/react-query';
import { ZSubmissionListInput, type TSubmissionListInput } from '@portal/shared/submission/submission.schema';
import { CatalogEntriesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export const CATALOG_QUEUE_KEY = ['catalog', 'queue'] as const;

/** The organizers' queue, one page, filtered on the server. */
export function useCatalogEntries(input: TSubmissionListInput) {
  const variables = ZSubmissionListInput.parse(input);
  return useQuery({
    queryKey: [...CATALOG_QUEUE_KEY, variables],
    queryFn: ({ signal }) => graphqlRequest(CatalogEntriesDocument, variables, signal).then((data) => data.catalogEntries),
    // The previous page stays on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}
