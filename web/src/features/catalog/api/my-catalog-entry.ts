import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyCatalogEntryDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export const MY_CATALOG_ENTRY_KEY = ['catalog', 'mine'] as const;

/** The company's own entry (null before the first filing) and the exhibitor record it is filed for. */
export const myCatalogEntryQuery = queryOptions({
  queryKey: MY_CATALOG_ENTRY_KEY,
  queryFn: ({ signal }) => graphqlRequest(MyCatalogEntryDocument, {}, signal),
});

export function useMyCatalogEntry() {
  return useQuery(myCatalogEntryQuery);
}
