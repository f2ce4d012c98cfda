import type { TUpdateStaffRolesInput } from '@portal/shared/staff/staff.schema';
import { UpdateStaffRolesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useStaffMutation } from './staff';

/** Replaces the account's roles; they apply at its next request. */
export function updateStaffRoles(variables: TUpdateStaffRolesInput) {
  return graphqlRequest(UpdateStaffRolesDocument, variables).then((data) => data.updateStaffRoles);
}

export const useUpdateStaffRoles = () => useStaffMutation(updateStaffRoles);
