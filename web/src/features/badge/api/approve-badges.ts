import { ZApproveSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { ApproveBadgesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** PENDING → APPROVED for every id; the server refuses the whole batch if one is not pending. */
export function approveBadges(ids: readonly string[]) {
  return graphqlRequest(ApproveBadgesDocument, ZApproveSubmissionsInput.parse({ ids: [...ids] })).then((data) => data.approveBadges);
}
