import { ZSubmitCatalogEntryInput } from '@portal/shared/catalog/catalog.schema';
import { ZApproveSubmissionsInput, ZRejectSubmissionsInput, ZSubmissionId, ZSubmissionListInput } from '@portal/shared/submission/submission.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

export const catalogResolvers: Resolvers = {
  Query: {
    myCatalogEntry: (_parent, _args, context) => context.services.catalog.own(context.viewer),
    catalogEntries: (_parent, args, context) => context.services.catalog.list(context.viewer, parseInput(ZSubmissionListInput, args)),
    catalogEntry: (_parent, { id }, context) => context.services.catalog.detail(context.viewer, ZSubmissionId.safeParse(id).data ?? null),
  },
  Mutation: {
    submitCatalogEntry: (_parent, { input }, context) => context.services.catalog.submit(context.viewer, parseInput(ZSubmitCatalogEntryInput, input), context.origin),
    approveCatalogEntries: (_parent, args, context) => context.services.catalog.approve(context.viewer, parseInput(ZApproveSubmissionsInput, args), context.origin),
    rejectCatalogEntries: (_parent, args, context) => context.services.catalog.reject(context.viewer, parseInput(ZRejectSubmissionsInput, args), context.origin),
  },
  CatalogEntry: {
    logo: (entry, _args, context) => context.loaders.photo.load(entry.logoPhotoId),
    bootNumber: async (entry, _args, context) => (await context.services.exhibitors.findById(entry.exhibitorId))?.bootNumber ?? null,
    statusHistory: (entry, _args, context) => context.services.catalog.historyOf(entry),
  },
};
