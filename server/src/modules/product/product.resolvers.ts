import { ZSubmitProductInput } from '@portal/shared/product/product.schema';
import { ZApproveSubmissionsInput, ZRejectSubmissionsInput, ZSubmissionId, ZSubmissionListInput } from '@portal/shared/submission/submission.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

export const productResolvers: Resolvers = {
  Query: {
    myProductApplications: (_parent, args, context) => context.services.products.mine(context.viewer, parseInput(ZSubmissionListInput, args)),
    productApplications: (_parent, args, context) => context.services.products.list(context.viewer, parseInput(ZSubmissionListInput, args)),
    productApplication: (_parent, { id }, context) => context.services.products.detail(context.viewer, ZSubmissionId.safeParse(id).data ?? null),
  },
  Mutation: {
    submitProductApplication: (_parent, { input }, context) => context.services.products.submit(context.viewer, parseInput(ZSubmitProductInput, input), context.origin),
    approveProductApplications: (_parent, args, context) => context.services.products.approve(context.viewer, parseInput(ZApproveSubmissionsInput, args), context.origin),
    rejectProductApplications: (_parent, args, context) => context.services.products.reject(context.viewer, parseInput(ZRejectSubmissionsInput, args), context.origin),
  },
  ProductApplication: {
    photos: async (product, _args, context) => {
      const found = await Promise.all(product.photoIds.map((id) => context.loaders.photo.load(id)));
      return found.filter((photo) => photo !== undefined && photo !== null);
    },
    statusHistory: (product, _args, context) => context.services.products.historyOf(product),
  },
};
