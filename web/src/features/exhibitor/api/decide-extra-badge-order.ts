import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDecideExtraBadgeOrderInput, type TDecideExtraBadgeOrderInput } from '@portal/shared/exhibitor/badge-quota';
import { DecideExtraBadgeOrderDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { ORDERS_KEY } from './extra-badge-orders';
import { EXHIBITORS_KEY } from './exhibitors';

export function decideExtraBadgeOrder(input: TDecideExtraBadgeOrderInput) {
  return graphqlRequest(DecideExtraBadgeOrderDocument, { input: ZDecideExtraBadgeOrderInput.parse(input) }).then((data) => data.decideExtraBadgeOrder);
}

/** Paid or refused: the orders and the companies' limits are fetched again. */
export function useDecideExtraBadgeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideExtraBadgeOrder,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ORDERS_KEY }), queryClient.invalidateQueries({ queryKey: EXHIBITORS_KEY })]),
  });
}
