import { ZCreateStaffInput, ZStaffId, ZStaffListInput, ZUpdateStaffRolesInput } from '@portal/shared/staff/staff.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';
import { mustChangePassword } from './account.policy';
import { requireStaffManager } from './staff.policy';

export const staffResolvers: Resolvers = {
  Query: {
    staff: (_parent, { filter, page, pageSize }, context) => {
      requireStaffManager(context.viewer);
      return context.services.staff.list(parseInput(ZStaffListInput, { ...filter, page, pageSize }));
    },
  },
  Mutation: {
    createStaff: (_parent, { input }, context) => {
      const manager = requireStaffManager(context.viewer);
      return context.services.staff.create(manager.id, parseInput(ZCreateStaffInput, input), context.origin);
    },
    updateStaffRoles: (_parent, { id, roles }, context) => {
      const manager = requireStaffManager(context.viewer);
      return context.services.staff.updateRoles(manager.id, parseInput(ZUpdateStaffRolesInput, { id, roles }), context.origin);
    },
    setStaffDisabled: (_parent, { id, disabled }, context) => {
      const manager = requireStaffManager(context.viewer);
      return context.services.staff.setDisabled(manager.id, parseInput(ZStaffId, id), disabled, context.origin);
    },
    resetStaffPassword: (_parent, { id }, context) => {
      const manager = requireStaffManager(context.viewer);
      return context.services.staff.resetPassword(manager.id, parseInput(ZStaffId, id), context.origin);
    },
  },
  Staff: {
    passwordChanged: (account) => !mustChangePassword(account),
  },
};
