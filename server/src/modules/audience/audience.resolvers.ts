import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireScope } from '../../lib/authorize';
import { maskIdNumber } from '@portal/shared/application/id-number';
import { isOwnApplication, requireOwner, requireOwnerOrReviewer, requireReviewer } from './audience.policy';

export const audienceResolvers: Resolvers = {
  Query: {
    audiences: async (_parent, args, context) => {
      await requireReviewer(context);
      return context.services.audience.list(args);
    },
    audience: async (_parent, { id }, context) => {
      const reviewer = await requireReviewer(context);
      const audience = /^[0-9a-f-]{36}$/.test(id) ? await context.services.audience.findById(id) : undefined;
      if (!audience) return null;
      await context.services.audit.record(context.request, { actorId: reviewer.id, action: 'audience.view', subjectType: 'audience', subjectId: id });
      return { ...audience, revealed: true };
    },
  },
  Mutation: {
    submitApplication: (_parent, { input }, context) => context.services.audience.submitApplication(requireScope(context, 'audience'), input),
    selectVisitDates: (_parent, { input }, context) => context.services.audience.selectVisitDates(requireScope(context, 'audience'), input),
    approveAudiences: async (_parent, { ids }, context) => {
      const reviewer = await requireReviewer(context);
      return context.services.audienceNotifications.afterReview(await context.services.audience.approve(reviewer.id, { ids }));
    },
    refuseAudiences: async (_parent, { ids, reason }, context) => {
      const reviewer = await requireReviewer(context);
      return context.services.audienceNotifications.afterReview(await context.services.audience.refuse(reviewer.id, { ids, reason }));
    },
    withdrawApplication: async (_parent, _args, context) => {
      const visitor = requireScope(context, 'audience');
      await context.services.personalData.withdraw(visitor.id);
      await context.services.audit.record(context.request, { actorId: visitor.id, action: 'audience.withdraw', subjectType: 'account', subjectId: visitor.id });
      return true;
    },
    erasePersonalData: async (_parent, { ids }, context) => {
      const reviewer = await requireReviewer(context);
      const count = await context.services.personalData.erase({ ids });
      await context.services.audit.record(context.request, { actorId: reviewer.id, action: 'audience.erase', subjectType: 'audience', detail: { ids, count } });
      return count;
    },
    registerAudience: async (_parent, { input }, context) => {
      const account = await context.services.registration.register(input);
      await context.startSession(account);
      return account;
    },
  },
  Audience: {
    idNumberMasked: (audience) => (audience.idNumber ? maskIdNumber(audience.idNumber) : null),
    // PIPL: the full number only to its owner, or in an organizer's audited detail view.
    idNumber: (audience, _args, context) => (isOwnApplication(context, audience) || audience.revealed ? audience.idNumber : null),
    entryPhoto: (audience, _args, context) => (audience.entryPhotoId ? context.loaders.photo.load(audience.entryPhotoId) : null),
    idPhoto: (audience, _args, context) => (audience.idPhotoId ? context.loaders.photo.load(audience.idPhotoId) : null),
    visitDates: (audience, _args, context) => context.loaders.visitDatesByAudience.load(audience.id),
    activationCode: async (audience, _args, context) => {
      await requireOwnerOrReviewer(context, audience);
      return context.services.audience.activationCodeOf(audience);
    },
    channel: (audience, _args, context) => (audience.channelId ? context.loaders.channel.load(audience.channelId) : null),
    statusHistory: async (audience, _args, context) => {
      await requireReviewer(context);
      return context.services.audience.statusHistoryOf(audience.id);
    },
    faceMatchScore: async (audience, _args, context) => {
      await requireReviewer(context);
      return audience.revealed ? context.services.audience.faceMatchScoreOf(audience) : null;
    },
    ticket: (audience, _args, context) => {
      requireOwner(context, audience);
      return audience.approveStatus === 'DONE' ? context.services.tickets.ticketOf(audience) : null;
    },
    admissions: (audience, _args, context) => {
      requireOwner(context, audience);
      return context.services.audience.admissionsOf(audience.id);
    },
  },
  Ticket: {
    token: (ticket) => ticket.token,
    holderName: (ticket) => ticket.audience.name ?? '',
    photo: (ticket, _args, context) => (ticket.audience.entryPhotoId ? context.loaders.photo.load(ticket.audience.entryPhotoId) : null),
    visitDates: (ticket, _args, context) => context.loaders.visitDatesByAudience.load(ticket.audience.id),
  },
};
