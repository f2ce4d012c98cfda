import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireReviewer } from './review.policy';

export const reviewResolvers: Resolvers = {
  Query: {
    audiences: (_parent, args, context) => context.services.review.list(context.viewer, args),
    audience: (_parent, { id }, context) => context.services.review.detail(context.viewer, id, context.origin),
  },
  Mutation: {
    approveAudiences: (_parent, args, context) => context.services.review.approve(context.viewer, args, context.origin),
    refuseAudiences: (_parent, args, context) => context.services.review.refuse(context.viewer, args, context.origin),
    erasePersonalData: (_parent, args, context) => context.services.review.erase(context.viewer, args, context.origin),
  },
  Audience: {
    statusHistory: (application, _args, context) => {
      requireReviewer(context.viewer);
      return context.services.applications.statusHistoryOf(application.id);
    },
    faceMatchScore: (application, _args, context) => {
      requireReviewer(context.viewer);
      return application.revealed ? context.services.applications.faceMatchScoreOf(application) : null;
    },
  },
  AudienceStatusChange: {
    actorName: async (change, _args, context) => (change.actorId ? ((await context.loaders.account.load(change.actorId))?.name ?? null) : null),
  },
};
