import type { SubmissionSheet } from '../submission/submission-export.service';
import { formatShanghaiTime } from '../../lib/xlsx-stream';
import type { ProductApplicationModel } from './product.models';
import { productQueries } from './product.repository';

/** The product queue's workbook. */
export const PRODUCT_SHEET: SubmissionSheet<ProductApplicationModel, 'submittedAt' | 'status' | 'exhibitor' | 'nameZh' | 'nameEn' | 'category' | 'descriptionZh' | 'descriptionEn' | 'photos' | 'rejectReason'> = {
  kind: 'product',
  queries: productQueries,
  columns: [
    ['submittedAt', 20],
    ['status', 10],
    ['exhibitor', 26],
    ['nameZh', 24],
    ['nameEn', 28],
    ['category', 16],
    ['descriptionZh', 40],
    ['descriptionEn', 48],
    ['photos', 8],
    ['rejectReason', 30],
  ],
  rowWriter: (_db, { t, company }) => (product) => ({
    submittedAt: formatShanghaiTime(product.submittedAt),
    status: t(`submissionStatus_${product.status}`),
    exhibitor: company(product.exhibitorId).name,
    nameZh: product.nameZh,
    nameEn: product.nameEn,
    category: t(`productCategory_${product.category}`),
    descriptionZh: product.descriptionZh,
    descriptionEn: product.descriptionEn,
    photos: String(product.photoIds.length),
    rejectReason: product.rejectReason ?? '',
  }),
};
