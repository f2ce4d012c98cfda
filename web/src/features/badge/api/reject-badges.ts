import { ZRejectSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { RejectBadgesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** PENDING or APPROVED (a withdrawal) → REJECTED with the reason, for every id, all or nothing. */
export function rejectBadges(ids: readonly string[], reason: string) {
  return graphqlRequest(RejectBadgesDocument, ZRejectSubmissionsInput.parse({ ids: [...ids], reason })).then((data) => data.rejectBadges);
}
