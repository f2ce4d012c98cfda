import { ApproveExhibitorDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useExhibitorMutation } from './exhibitors';

/** PENDING → ACTIVE: the self-registered company may apply from now on. */
export function approveExhibitor(id: string) {
  return graphqlRequest(ApproveExhibitorDocument, { id }).then((data) => data.approveExhibitor);
}

export const useApproveExhibitor = () => useExhibitorMutation(approveExhibitor);
