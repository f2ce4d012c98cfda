import type { Resolvers } from '../../graphql/resolvers.generated';

export const bannerResolvers: Resolvers = {
  Query: {
    bannerPlacements: (_parent, _args, context) => context.services.banners.placements(context.viewer),
    myBannerApplications: (_parent, args, context) => context.services.banners.mine(context.viewer, args),
    bannerApplications: (_parent, args, context) => context.services.banners.list(context.viewer, args),
    bannerApplication: (_parent, { id }, context) => context.services.banners.detail(context.viewer, id),
  },
  Mutation: {
    submitBannerApplication: (_parent, { input }, context) => context.services.banners.submit(context.viewer, input, context.origin),
    approveBannerApplications: (_parent, args, context) => context.services.banners.approve(context.viewer, args, context.origin),
    rejectBannerApplications: (_parent, args, context) => context.services.banners.reject(context.viewer, args, context.origin),
    saveBannerPlacement: (_parent, { input }, context) => context.services.banners.savePlacement(context.viewer, input, context.origin),
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
