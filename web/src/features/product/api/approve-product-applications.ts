import { ZApproveSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { ApproveProductApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** PENDING → APPROVED for every id; the whole batch is refused if one is not pending. */
export function approveProductApplications(ids: readonly string[]) {
  return graphqlRequest(ApproveProductApplicationsDocument, ZApproveSubmissionsInput.parse({ ids: [...ids] })).then((data) => data.approveProductApplications);
}
