import type { Resolvers } from '../../graphql/resolvers.generated';

export const submissionResolvers: Resolvers = {
  Query: {
    submissionExhibitors: (_parent, _args, context) => context.services.submissions.exhibitorNames(context.viewer),
  },
  SubmissionStatusChange: {
    actorName: async (change, _args, context) => (change.actorId ? ((await context.loaders.account.load(change.actorId))?.name ?? null) : null),
  },
};
