import { ZCreateExhibitorInput, ZExhibitorId, ZExhibitorIds, ZExhibitorListInput, ZRegisterExhibitorInput, ZUpdateExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';
import { mustChangePassword } from '../account/account.policy';
import { PhotoService } from '../media/photo.service';
import { isExhibitorManager, requireExhibitorManager } from './exhibitor.policy';

export const exhibitorResolvers: Resolvers = {
  Query: {
    exhibitors: (_parent, { filter, page, pageSize }, context) => context.services.exhibitors.list(context.viewer, parseInput(ZExhibitorListInput, { ...filter, page, pageSize })),
  },
  Mutation: {
    registerExhibitor: async (_parent, { input }, context) => {
      const account = await context.services.exhibitors.register(parseInput(ZRegisterExhibitorInput, input), context.origin);
      await context.startSession(account);
      return account;
    },
    createExhibitor: (_parent, { input }, context) => context.services.exhibitors.create(context.viewer, parseInput(ZCreateExhibitorInput, input), context.origin),
    updateExhibitor: (_parent, { input }, context) => context.services.exhibitors.update(context.viewer, parseInput(ZUpdateExhibitorInput, input), context.origin),
    approveExhibitor: (_parent, { id }, context) => context.services.exhibitors.approve(context.viewer, parseInput(ZExhibitorId, id), context.origin),
    approveExhibitors: (_parent, { ids }, context) => context.services.exhibitors.approveMany(context.viewer, parseInput(ZExhibitorIds, ids), context.origin),
    setExhibitorEnabled: (_parent, { id, enabled }, context) => context.services.exhibitors.setEnabled(context.viewer, parseInput(ZExhibitorId, id), enabled, context.origin),
    resetExhibitorPassword: (_parent, { id }, context) => context.services.exhibitors.resetPassword(context.viewer, parseInput(ZExhibitorId, id), context.origin),
  },
  Exhibitor: {
    logo: (exhibitor) => (exhibitor.logoPhotoId ? PhotoService.urlOf({ id: exhibitor.logoPhotoId }) : null),
    logoId: (exhibitor) => exhibitor.logoPhotoId,
    usedCredentials: (exhibitor, _args, context) => context.loaders.usedCredentials.load(exhibitor.id),
    quota: (exhibitor, _args, context) => context.loaders.badgeQuota.load(exhibitor),
    // Why a limit was set by hand is the organizers' note, not the company's.
    limitOverride: (exhibitor, _args, context) => (isExhibitorManager(context.viewer) ? exhibitor.limitOverride : null),
    limitOverrideReason: (exhibitor, _args, context) => (isExhibitorManager(context.viewer) ? exhibitor.limitOverrideReason : null),
    accounts: (exhibitor, _args, context) => {
      requireExhibitorManager(context.viewer);
      return context.loaders.exhibitorAccounts.load(exhibitor.id);
    },
  },
  ExhibitorAccount: {
    passwordChanged: (account) => !mustChangePassword(account),
  },
};
