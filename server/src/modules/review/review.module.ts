import type { PortalModule } from '../portal-module';
import { autoApprovalResolvers } from './auto-approval.resolvers';
import { registerReviewExportRoutes } from './review-export.routes';
import { reviewJobResolvers } from './review-job.resolvers';
import { reviewResolvers } from './review.resolvers';

export const reviewModule = {
  name: 'review',
  // The auto-approval rules' and the review jobs' resolvers live in their own files; they add fields to the same root types.
  resolvers: {
    ...reviewResolvers,
    ReviewJob: reviewJobResolvers.ReviewJob,
    Query: { ...reviewResolvers.Query, ...autoApprovalResolvers.Query, ...reviewJobResolvers.Query },
    Mutation: { ...reviewResolvers.Mutation, ...autoApprovalResolvers.Mutation, ...reviewJobResolvers.Mutation },
  },
  registerRoutes: registerReviewExportRoutes,
  connect: ({ applications, autoApproval }) => {
    // The organizers' rules decide an application in the transaction that submits it.
    applications.decideOnSubmitWith(autoApproval);
  },
} satisfies PortalModule;
