import { ZDeviceId, ZDeviceInput } from '@portal/shared/entrance/entrance.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

export const entranceResolvers: Resolvers = {
  Query: {
    entranceDevices: (_parent, _args, context) => context.services.entrance.devices(context.viewer),
    entranceDeviceScans: (_parent, { deviceId }, context) => context.services.entrance.scans(context.viewer, parseInput(ZDeviceId, deviceId)),
  },
  Mutation: {
    registerEntranceDevice: (_parent, { input }, context) => context.services.entrance.register(context.viewer, parseInput(ZDeviceInput, input), context.origin),
    updateEntranceDevice: (_parent, { id, input }, context) => context.services.entrance.update(context.viewer, parseInput(ZDeviceId, id), parseInput(ZDeviceInput, input), context.origin),
    issueDeviceToken: (_parent, { id }, context) => context.services.entrance.issueToken(context.viewer, parseInput(ZDeviceId, id), context.origin),
    revokeDeviceToken: (_parent, { id }, context) => context.services.entrance.revokeToken(context.viewer, parseInput(ZDeviceId, id), context.origin),
  },
  EntranceDevice: {
    hasToken: (device) => device.tokenIssuedAt !== null,
    online: (device, _args, context) => context.services.entrance.isOnline(device),
  },
};
