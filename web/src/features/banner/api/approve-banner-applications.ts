import { ZApproveSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { ApproveBannerApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** PENDING → APPROVED for every id. */
export function approveBannerApplications(ids: readonly string[]) {
  return graphqlRequest(ApproveBannerApplicationsDocument, ZApproveSubmissionsInput.parse({ ids: [...ids] })).then((data) => data.approveBannerApplications);
}
