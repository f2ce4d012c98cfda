import { ZReviewJobId, ZStartReviewJobInput } from '@portal/shared/review/review-job.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

// An id that cannot be a job's is not found, as an unknown one.
const jobId = (id: string) => ZReviewJobId.safeParse(id).data ?? null;

export const reviewJobResolvers: Resolvers = {
  Query: {
    reviewJobs: (_parent, _args, context) => context.services.reviewJobs.recent(context.viewer),
    reviewJob: (_parent, { id }, context) => context.services.reviewJobs.byId(context.viewer, jobId(id)),
  },
  Mutation: {
    startReviewJob: (_parent, args, context) => context.services.reviewJobs.startJob(context.viewer, parseInput(ZStartReviewJobInput, args), context.origin),
    cancelReviewJob: (_parent, { id }, context) => context.services.reviewJobs.cancelJob(context.viewer, jobId(id), context.origin),
  },
  ReviewJob: {
    createdByName: async (job, _args, context) => (job.createdById ? ((await context.loaders.account.load(job.createdById))?.name ?? null) : null),
  },
};
