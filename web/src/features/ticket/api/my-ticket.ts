import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyTicketDocument, type MyTicketQuery } from '../../../graphql/operations.generated';
import { isRetryable } from '../../../lib/errors';
import { graphqlRequest } from '../../../lib/graphql-client';
import { isNetworkFailure, readOfflineTicket } from '../../../lib/offline-ticket';
import { OWN_APPLICATION_KEY } from '../../../lib/own-application';

export type VisitorTicket = NonNullable<NonNullable<Extract<MyTicketQuery['viewer'], { __typename: 'User' }>['audience']>['ticket']>;

/** The approved visitor's VIP ticket (null before approval). */
export const myTicketQueryOptions = queryOptions({
  queryKey: [...OWN_APPLICATION_KEY, 'ticket'] as const,
  queryFn: async ({ signal }) => {
    const data = await graphqlRequest(MyTicketDocument, {}, signal);
    return data.viewer.__typename === 'User' ? (data.viewer.audience?.ticket ?? null) : null;
  },
  // The answer of the request the app sent as it started (prefetchScreenData) is the page's when it mounts, seconds
  // later on a phone, instead of being asked again; a change of the application (OWN_APPLICATION_KEY) still refetches.
  staleTime: 30_000,
  // With no network and a ticket saved on the device, the saved one shows at once (useTicketOnDevice).
  retry: (failureCount, error) => failureCount < 2 && isRetryable(error) && !(isNetworkFailure(error) && readOfflineTicket() !== null),
});

export function useMyTicket() {
  return useQuery(myTicketQueryOptions);
}
