import { SetStaffDisabledDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useStaffMutation } from './staff';

/** Disabling ends the account's sessions and refuses its sign-in. */
export function setStaffDisabled(variables: { id: string; disabled: boolean }) {
  return graphqlRequest(SetStaffDisabledDocument, variables).then((data) => data.setStaffDisabled);
}

export const useSetStaffDisabled = () => useStaffMutation(setStaffDisabled);
