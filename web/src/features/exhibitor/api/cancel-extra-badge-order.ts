import { CancelExtraBadgeOrderDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useOwnOrderMutation } from './own-badge-quota';

/** The company withdraws its own open order. */
export function cancelExtraBadgeOrder(id: string) {
  return graphqlRequest(CancelExtraBadgeOrderDocument, { id }).then((data) => data.cancelExtraBadgeOrder);
}

export const useCancelExtraBadgeOrder = () => useOwnOrderMutation(cancelExtraBadgeOrder);
