import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireViewer } from '../../lib/authorize';
import { AppError } from '../../lib/app-error';
import { decodePasswordFromTransport } from '@portal/shared/auth/credentials';

function decodedPassword(encoded: string): string {
  const password = decodePasswordFromTransport(encoded);
  if (password === undefined) throw new AppError('VALIDATION_FAILED');
  return password;
}

export const accountResolvers: Resolvers = {
  Mutation: {
    updateProfile: (_parent, { input }, context) => context.services.accounts.updateProfile(requireViewer(context).id, input),
    changePassword: async (_parent, { input }, context) => {
      const viewer = requireViewer(context);
      const updated = await context.services.accounts.changePassword(
        viewer.id,
        decodedPassword(input.currentPassword),
        decodedPassword(input.newPassword),
      );
      // Every other session has ended with the version bump; this one continues under a new id.
      await context.startSession(updated);
      return true;
    },
  },
};
