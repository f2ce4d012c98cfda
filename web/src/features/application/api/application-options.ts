import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApplicationOptionsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** Show days (capacity, remaining seats, deadline), channels and the registration switch; public. */
export const applicationOptionsQueryOptions = queryOptions({
  queryKey: ['application-options'],
  queryFn: ({ signal }) => graphqlRequest(ApplicationOptionsDocument, {}, signal).then((data) => data.project),
  staleTime: 30_000,
});

export function useApplicationOptions() {
  return useQuery(applicationOptionsQueryOptions);
}
