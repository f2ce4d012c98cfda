import { ApproveExhibitorsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useExhibitorMutation } from './exhibitors';

/** The selected self-registrations, PENDING → ACTIVE together (all or none). */
export function approveExhibitors(ids: readonly string[]) {
  return graphqlRequest(ApproveExhibitorsDocument, { ids: [...ids] }).then((data) => data.approveExhibitors);
}

export const useApproveExhibitors = () => useExhibitorMutation(approveExhibitors);
