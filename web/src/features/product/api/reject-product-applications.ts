import { ZRejectSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { RejectProductApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** PENDING → REJECTED with the reason, for every id. */
export function rejectProductApplications(ids: readonly string[], reason: string) {
  return graphqlRequest(RejectProductApplicationsDocument, ZRejectSubmissionsInput.parse({ ids: [...ids], reason })).then((data) => data.rejectProductApplications);
}
