import { ZOrderExtraBadgesInput, type TOrderExtraBadgesInput } from '@portal/shared/exhibitor/badge-quota';
import { OrderExtraBadgesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useOwnOrderMutation } from './own-badge-quota';

/** The company orders extra badges (they count once the organizer marks the order paid). */
export function orderExtraBadges(input: TOrderExtraBadgesInput) {
  return graphqlRequest(OrderExtraBadgesDocument, { input: ZOrderExtraBadgesInput.parse(input) }).then((data) => data.orderExtraBadges);
}

export const useOrderExtraBadges = () => useOwnOrderMutation(orderExtraBadges);
