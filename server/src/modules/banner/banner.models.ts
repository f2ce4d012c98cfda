import type { bannerApplications, bannerPlacements } from './banner.tables';

/** GraphQL BannerApplication. */
export type BannerApplicationModel = typeof bannerApplications.$inferSelect;
/** GraphQL BannerPlacement. */
export type BannerPlacementModel = typeof bannerPlacements.$inferSelect;
export type BannerValues = Pick<typeof bannerApplications.$inferInsert, 'title' | 'placementId' | 'pictureId' | 'linkUrl'>;
export type PlacementValues = Pick<typeof bannerPlacements.$inferInsert, 'nameZh' | 'nameEn' | 'size' | 'width' | 'height' | 'active'>;
