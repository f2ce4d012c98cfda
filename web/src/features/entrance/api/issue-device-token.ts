import { IssueDeviceTokenDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useEntranceDeviceMutation } from './entrance-devices';

/** A new token, shown once; the device's previous token stops working. */
export function issueDeviceToken(id: string) {
  return graphqlRequest(IssueDeviceTokenDocument, { id }).then((data) => data.issueDeviceToken);
}

export const useIssueDeviceToken = () => useEntranceDeviceMutation(issueDeviceToken);
