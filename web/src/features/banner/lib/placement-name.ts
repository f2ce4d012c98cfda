import type { BannerFieldsFragment } from '../../../graphql/operations.generated';

/** A banner's placement named in the interface's language. */
export const placementNameOf = (row: Pick<BannerFieldsFragment, 'placement'>, language: string) =>
  language === 'zh-CN' ? row.placement.nameZh : row.placement.nameEn;
