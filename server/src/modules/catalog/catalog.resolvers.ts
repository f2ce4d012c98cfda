import type { Resolvers } from '../../graphql/resolvers.generated';

export const catalogResolvers: Resolvers = {
  Query: {
    myCatalogEntry: (_parent, _args, context) => context.services.catalog.own(context.viewer),
    catalogEntries: (_parent, args, context) => context.services.catalog.list(context.viewer, args),
    catalogEntry: (_parent, { id }, context) => context.services.catalog.detail(context.viewer, id),
  },
  Mutation: {
    submitCatalogEntry: (_parent, { input }, context) => context.services.catalog.submit(context.viewer, input, context.origin),
    approveCatalogEntries: (_parent, args, context) => context.services.catalog.approve(context.viewer, args, context.origin),
    rejectCatalogEntries: (_parent, args, context) => context.services.catalog.reject(context.viewer, args, context.origin),
  },
  CatalogEntry: {
    logo: (entry, _args, context) => context.loaders.photo.load(entry.logoPhotoId),
    bootNumber: async (entry, _args, context) => (await context.services.exhibitors.findById(entry.exhibitorId))?.bootNumber ?? null,
    statusHistory: (entry, _args, context) => context.services.catalog.historyOf(entry),
  },
};
