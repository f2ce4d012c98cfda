import { ZSaveBannerPlacementInput, ZSubmitBannerInput } from '@portal/shared/banner/banner.schema';
import { ZApproveSubmissionsInput, ZRejectSubmissionsInput, ZSubmissionId, ZSubmissionListInput } from '@portal/shared/submission/submission.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

export const bannerResolvers: Resolvers = {
  Query: {
    bannerPlacements: (_parent, _args, context) => context.services.banners.placements(context.viewer),
    myBannerApplications: (_parent, args, context) => context.services.banners.mine(context.viewer, parseInput(ZSubmissionListInput, args)),
    bannerApplications: (_parent, args, context) => context.services.banners.list(context.viewer, parseInput(ZSubmissionListInput, args)),
    bannerApplication: (_parent, { id }, context) => context.services.banners.detail(context.viewer, ZSubmissionId.safeParse(id).data ?? null),
  },
  Mutation: {
    submitBannerApplication: (_parent, { input }, context) => context.services.banners.submit(context.viewer, parseInput(ZSubmitBannerInput, input), context.origin),
    approveBannerApplications: (_parent, args, context) => context.services.banners.approve(context.viewer, parseInput(ZApproveSubmissionsInput, args), context.origin),
    rejectBannerApplications: (_parent, args, context) => context.services.banners.reject(context.viewer, parseInput(ZRejectSubmissionsInput, args), context.origin),
    saveBannerPlacement: (_parent, { input }, context) => context.services.banners.savePlacement(context.viewer, parseInput(ZSaveBannerPlacementInput, input), context.origin),
  },
  BannerApplication: {
    placement: async (banner, _args, context) => {
      const placement = await context.services.banners.placementOf(banner);
      if (!placement) throw new Error(`banner ${banner.id} has no placement`);
      return placement;
    },
    picture: (banner, _args, context) => context.loaders.photo.load(banner.pictureId),
    statusHistory: (banner, _args, context) => context.services.banners.historyOf(banner),
  },
};
