import type { Resolvers } from '../../graphql/resolvers.generated';

export const productResolvers: Resolvers = {
  Query: {
    myProductApplications: (_parent, args, context) => context.services.products.mine(context.viewer, args),
    productApplications: (_parent, args, context) => context.services.products.list(context.viewer, args),
    productApplication: (_parent, { id }, context) => context.services.products.detail(context.viewer, id),
  },
  Mutation: {
    submitProductApplication: (_parent, { input }, context) => context.services.products.submit(context.viewer, input, context.origin),
    approveProductApplications: (_parent, args, context) => context.services.products.approve(context.viewer, args, context.origin),
    rejectProductApplications: (_parent, args, context) => context.services.products.reject(context.viewer, args, context.origin),
  },
  ProductApplication: {
    photos: async (product, _args, context) => {
      const found = await Promise.all(product.photoIds.map((id) => context.loaders.photo.load(id)));
      return found.filter((photo) => photo !== undefined && photo !== null);
    },
    statusHistory: (product, _args, context) => context.services.products.historyOf(product),
  },
};
