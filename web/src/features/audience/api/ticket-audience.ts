import { queryOptions, useQuery } from '@tanstack/react-query';
import { TicketAudienceDocument, type TicketAudienceQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { AUDIENCE_QUERY_KEY } from './info-audience';

export type VisitorTicket = NonNullable<NonNullable<Extract<TicketAudienceQuery['viewer'], { __typename: 'User' }>['audience']>['ticket']>;

/** The approved visitor's VIP ticket (null before approval). */
export const ticketAudienceQueryOptions = queryOptions({
  queryKey: [...AUDIENCE_QUERY_KEY, 'ticket'] as const,
  queryFn: async ({ signal }) => {
    const data = await graphqlRequest(TicketAudienceDocument, {}, signal);
    return data.viewer.__typename === 'User' ? (data.viewer.audience?.ticket ?? null) : null;
  },
});

export function useTicketAudience() {
  return useQuery(ticketAudienceQueryOptions);
}
