import { useQuery } from '@tanstack/react-query';
import { ZExtraBadgeOrderListInput, type TExtraBadgeOrderListInput } from '@portal/shared/exhibitor/badge-quota';
import { ExtraBadgeOrdersDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export const ORDERS_KEY = ['extra-badge-orders'] as const;

/** The organizers' list of extra badge orders: one state or all, paged on the server. */
export function useExtraBadgeOrders(input: TExtraBadgeOrderListInput) {
  const variables = ZExtraBadgeOrderListInput.parse(input);
  return useQuery({
    queryKey: [...ORDERS_KEY, variables],
    queryFn: ({ signal }) => graphqlRequest(ExtraBadgeOrdersDocument, variables, signal).then((data) => data.extraBadgeOrders),
    placeholderData: (previous) => previous,
  });
}
