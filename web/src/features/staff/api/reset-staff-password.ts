import { ResetStaffPasswordDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useStaffMutation } from './staff';

/** A new initial password (shown once); every session of the account ends. */
export function resetStaffPassword(id: string) {
  return graphqlRequest(ResetStaffPasswordDocument, { id }).then((data) => data.resetStaffPassword);
}

export const useResetStaffPassword = () => useStaffMutation(resetStaffPassword);
