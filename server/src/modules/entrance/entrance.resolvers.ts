import { ZDeviceId, ZDeviceInput } from '@portal/shared/entrance/entrance.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';
import { requireHardwareManager } from './entrance.policy';

export const entranceResolvers: Resolvers = {
  Query: {
    entranceDevices: (_parent, _args, context) => {
      requireHardwareManager(context.viewer);
      return context.services.entrance.list();
    },
  },
  Mutation: {
    registerEntranceDevice: (_parent, { input }, context) => {
      const manager = requireHardwareManager(context.viewer);
      return context.services.entrance.register(manager.id, parseInput(ZDeviceInput, input), context.origin);
    },
    updateEntranceDevice: (_parent, { id, input }, context) => {
      const manager = requireHardwareManager(context.viewer);
      return context.services.entrance.update(manager.id, parseInput(ZDeviceId, id), parseInput(ZDeviceInput, input), context.origin);
    },
    issueDeviceToken: (_parent, { id }, context) => {
      const manager = requireHardwareManager(context.viewer);
      return context.services.entrance.issueToken(manager.id, parseInput(ZDeviceId, id), context.origin);
    },
    revokeDeviceToken: (_parent, { id }, context) => {
      const manager = requireHardwareManager(context.viewer);
      return context.services.entrance.revokeToken(manager.id, parseInput(ZDeviceId, id), context.origin);
    },
  },
  EntranceDevice: {
    hasToken: (device) => device.tokenIssuedAt !== null,
    online: (device, _args, context) => context.services.entrance.isOnline(device),
  },
};
