import { ZChangePasswordInput, ZRegisterAudienceInput, ZUpdateProfileInput } from '@portal/shared/account/account.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireViewer } from '../../lib/authorize';
import { parseInput } from '../../lib/validation';

export const accountResolvers: Resolvers = {
  Mutation: {
    updateProfile: (_parent, { input }, context) => context.services.accounts.updateProfile(requireViewer(context.viewer).id, parseInput(ZUpdateProfileInput, input)),
    changePassword: async (_parent, { input }, context) => {
      const viewer = requireViewer(context.viewer);
      const updated = await context.services.accounts.changePassword(viewer.id, parseInput(ZChangePasswordInput, input));
      // Every other session has ended with the version bump; this one continues under a new id.
      await context.startSession(updated);
      return true;
    },
    registerAudience: async (_parent, { input }, context) => {
      const registration = parseInput(ZRegisterAudienceInput, input);
      const account = await context.services.admission.run(context.request, () => context.services.registration.register(registration));
      await context.startSession(account);
      return account;
    },
  },
};
