import { ZRejectSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { RejectBannerApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** PENDING → REJECTED with the reason, for every id. */
export function rejectBannerApplications(ids: readonly string[], reason: string) {
  return graphqlRequest(RejectBannerApplicationsDocument, ZRejectSubmissionsInput.parse({ ids: [...ids], reason })).then((data) => data.rejectBannerApplications);
}
