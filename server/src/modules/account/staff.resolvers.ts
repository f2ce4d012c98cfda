import { ZCreateStaffInput, ZStaffId, ZStaffListInput, ZUpdateStaffRolesInput } from '@portal/shared/staff/staff.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';
import { mustChangePassword } from './account.policy';

export const staffResolvers: Resolvers = {
  Query: {
    staff: (_parent, { filter, page, pageSize }, context) => context.services.staff.list(context.viewer, parseInput(ZStaffListInput, { ...filter, page, pageSize })),
  },
  Mutation: {
    createStaff: (_parent, { input }, context) => context.services.staff.create(context.viewer, parseInput(ZCreateStaffInput, input), context.origin),
    updateStaffRoles: (_parent, { id, roles }, context) => context.services.staff.updateRoles(context.viewer, parseInput(ZUpdateStaffRolesInput, { id, roles }), context.origin),
    setStaffDisabled: (_parent, { id, disabled }, context) => context.services.staff.setDisabled(context.viewer, parseInput(ZStaffId, id), disabled, context.origin),
    resetStaffPassword: (_parent, { id }, context) => context.services.staff.resetPassword(context.viewer, parseInput(ZStaffId, id), context.origin),
  },
  Staff: {
    passwordChanged: (account) => !mustChangePassword(account),
  },
};
