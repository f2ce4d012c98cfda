import type { TCreateStaffInput } from '@portal/shared/staff/staff.schema';
import { CreateStaffDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useStaffMutation } from './staff';

/** A new organizer account; its initial password comes back once. */
export function createStaff(input: TCreateStaffInput) {
  return graphqlRequest(CreateStaffDocument, { input }).then((data) => data.createStaff);
}

export const useCreateStaff = () => useStaffMutation(createStaff);
