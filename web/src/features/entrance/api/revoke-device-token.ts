import { RevokeDeviceTokenDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useEntranceDeviceMutation } from './entrance-devices';

/** The device's token stops working at once. */
export function revokeDeviceToken(id: string) {
  return graphqlRequest(RevokeDeviceTokenDocument, { id }).then((data) => data.revokeDeviceToken);
}

export const useRevokeDeviceToken = () => useEntranceDeviceMutation(revokeDeviceToken);
