import { ZApplicationFields, ZSelectVisitDatesInput } from '@portal/shared/application/application.schema';
import { ZEraseOwnDataInput } from '@portal/shared/account/account.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireScope } from '../../lib/authorize';
import { parseInput } from '../../lib/validation';
import { maskIdNumber } from '@portal/shared/application/id-number';
import { isOwnApplication, requireOwnerOrReviewer } from './application.policy';

export const applicationResolvers: Resolvers = {
  Mutation: {
    submitApplication: (_parent, { input }, context) => {
      const visitor = requireScope(context.viewer, 'audience');
      const fields = parseInput(ZApplicationFields, input);
      return context.services.admission.run(context.request, () => context.services.applications.submit(visitor, fields));
    },
    selectVisitDates: (_parent, { input }, context) => context.services.applications.selectVisitDates(requireScope(context.viewer, 'audience'), parseInput(ZSelectVisitDatesInput, input)),
    withdrawApplication: async (_parent, _args, context) => {
      await context.services.personalData.withdraw(requireScope(context.viewer, 'audience').id, context.origin);
      return true;
    },
    eraseMyPersonalData: async (_parent, args, context) => {
      await context.services.personalData.eraseOwn(requireScope(context.viewer, 'audience').id, parseInput(ZEraseOwnDataInput, args), context.origin);
      return true;
    },
  },
  Audience: {
    idNumberMasked: (application) => (application.idNumber ? maskIdNumber(application.idNumber) : null),
    // PIPL: the full number only to its owner, or in an organizer's audited detail view.
    idNumber: (application, _args, context) => (isOwnApplication(context.viewer, application) || application.revealed ? application.idNumber : null),
    entryPhoto: (application, _args, context) => (application.entryPhotoId ? context.loaders.photo.load(application.entryPhotoId) : null),
    idPhoto: (application, _args, context) => (application.idPhotoId ? context.loaders.photo.load(application.idPhotoId) : null),
    visitDates: (application, _args, context) => application.alongside?.visitDates ?? context.loaders.visitDates.load(application.id),
    activationCode: (application, _args, context) => {
      requireOwnerOrReviewer(context.viewer, application);
      return context.services.applications.activationCodeOf(application);
    },
    channel: (application, _args, context) => {
      if (application.alongside) return application.alongside.channel;
      return application.channelId ? context.loaders.channel.load(application.channelId) : null;
    },
  },
  ShowDay: {
    remaining: async (showDay, _args, context) => Math.max(0, showDay.capacity - (await context.loaders.seatHolders.load(showDay.day))),
  },
};
