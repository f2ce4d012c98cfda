import type { SubmissionSheet } from '../submission/submission-export.service';
import { formatShanghaiTime } from '../../lib/xlsx-stream';
import type { BannerApplicationModel } from './banner.models';
import { bannerQueries, listPlacements } from './banner.repository';

/** The banner queue's workbook: which company shows what where, with the placement's size to print at. */
export const BANNER_SHEET: SubmissionSheet<BannerApplicationModel, 'submittedAt' | 'status' | 'exhibitor' | 'bootNumber' | 'title' | 'placement' | 'size' | 'linkUrl' | 'rejectReason'> = {
  kind: 'banner',
  queries: bannerQueries,
  columns: [
    ['submittedAt', 20],
    ['status', 10],
    ['exhibitor', 26],
    ['bootNumber', 10],
    ['title', 28],
    ['placement', 20],
    ['size', 14],
    ['linkUrl', 36],
    ['rejectReason', 30],
  ],
  rowWriter: async (db, { t, locale, company }) => {
    const placements = new Map((await listPlacements(db)).map((placement) => [placement.id, placement]));
    return (banner) => {
      const placement = placements.get(banner.placementId);
      const owner = company(banner.exhibitorId);
      return {
        submittedAt: formatShanghaiTime(banner.submittedAt),
        status: t(`submissionStatus_${banner.status}`),
        exhibitor: owner.name,
        bootNumber: owner.bootNumber ?? '',
        title: banner.title,
        placement: (locale === 'zh-CN' ? placement?.nameZh : placement?.nameEn) ?? '',
        size: placement?.size ?? '',
        linkUrl: banner.linkUrl,
        rejectReason: banner.rejectReason ?? '',
      };
    };
  },
};
