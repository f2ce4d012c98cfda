import { ZAudienceListInput } from '@portal/shared/review/audience-list';
import { ZApplicationId, ZApproveApplicationsInput, ZErasePersonalDataInput, ZRefuseApplicationsInput } from '@portal/shared/review/review.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';
import { requireReviewer } from './review.policy';

export const reviewResolvers: Resolvers = {
  Query: {
    audiences: (_parent, args, context) => context.services.review.list(context.viewer, parseInput(ZAudienceListInput, args)),
    // An id that cannot be an application's answers null, as an unknown one does.
    audience: (_parent, { id }, context) => context.services.review.detail(context.viewer, ZApplicationId.safeParse(id).data ?? null, context.origin),
  },
  Mutation: {
    approveAudiences: (_parent, args, context) => context.services.review.approve(context.viewer, parseInput(ZApproveApplicationsInput, args), context.origin),
    refuseAudiences: (_parent, args, context) => context.services.review.refuse(context.viewer, parseInput(ZRefuseApplicationsInput, args), context.origin),
    erasePersonalData: (_parent, args, context) => context.services.review.erase(context.viewer, parseInput(ZErasePersonalDataInput, args), context.origin),
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
