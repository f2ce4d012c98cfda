import type { PortalModule } from '../portal-module';
import { autoApprovalResolvers } from './auto-approval.resolvers';
import { registerReviewExportRoutes } from './review-export.routes';
import { reviewResolvers } from './review.resolvers';

export const reviewModule = {
  name: 'review',
  // The auto-approval rules' resolvers live in their own file; they add fields to the same root types.
  resolvers: {
    ...reviewResolvers,
    Query: { ...reviewResolvers.Query, ...autoApprovalResolvers.Query },
    Mutation: { ...reviewResolvers.Mutation, ...autoApprovalResolvers.Mutation },
  },
  registerRoutes: registerReviewExportRoutes,
  connect: ({ applications, autoApproval }) => {
    // The organizers' rules decide an application in the transaction that submits it.
    applications.decideOnSubmitWith(autoApproval);
  },
} satisfies PortalModule;
