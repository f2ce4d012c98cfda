import { ZCreateExhibitorInput, ZExhibitorId, ZExhibitorListInput, ZRegisterExhibitorInput, ZUpdateExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';
import { mustChangePassword } from '../account/account.policy';
import { PhotoService } from '../media/photo.service';
import { requireExhibitorManager } from './exhibitor.policy';

export const exhibitorResolvers: Resolvers = {
  Query: {
    exhibitors: (_parent, { filter, page, pageSize }, context) => {
      requireExhibitorManager(context.viewer);
      return context.services.exhibitors.list(parseInput(ZExhibitorListInput, { ...filter, page, pageSize }));
    },
  },
  Mutation: {
    registerExhibitor: async (_parent, { input }, context) => {
      const account = await context.services.exhibitors.register(parseInput(ZRegisterExhibitorInput, input), context.origin);
      await context.startSession(account);
      return account;
    },
    createExhibitor: (_parent, { input }, context) => {
      const manager = requireExhibitorManager(context.viewer);
      return context.services.exhibitors.create(manager.id, parseInput(ZCreateExhibitorInput, input), context.origin);
    },
    updateExhibitor: (_parent, { input }, context) => {
      const manager = requireExhibitorManager(context.viewer);
      return context.services.exhibitors.update(manager.id, parseInput(ZUpdateExhibitorInput, input), context.origin);
    },
    approveExhibitor: (_parent, { id }, context) => {
      const manager = requireExhibitorManager(context.viewer);
      return context.services.exhibitors.approve(manager.id, parseInput(ZExhibitorId, id), context.origin);
    },
    setExhibitorEnabled: (_parent, { id, enabled }, context) => {
      const manager = requireExhibitorManager(context.viewer);
      return context.services.exhibitors.setEnabled(manager.id, parseInput(ZExhibitorId, id), enabled, context.origin);
    },
    resetExhibitorPassword: (_parent, { id }, context) => {
      const manager = requireExhibitorManager(context.viewer);
      return context.services.exhibitors.resetPassword(manager.id, parseInput(ZExhibitorId, id), context.origin);
    },
  },
  Exhibitor: {
    logo: (exhibitor) => (exhibitor.logoPhotoId ? PhotoService.urlOf({ id: exhibitor.logoPhotoId }) : null),
    logoId: (exhibitor) => exhibitor.logoPhotoId,
    usedCredentials: (exhibitor, _args, context) => context.loaders.usedCredentials.load(exhibitor.id),
    accounts: (exhibitor, _args, context) => {
      requireExhibitorManager(context.viewer);
      return context.loaders.exhibitorAccounts.load(exhibitor.id);
    },
  },
  ExhibitorAccount: {
    passwordChanged: (account) => !mustChangePassword(account),
  },
};
