import type { Writable } from 'node:stream';
import { shanghaiDate } from '@portal/shared/dates';
import type { Locale } from '@portal/shared/i18n/locales';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import { isSubmissionReviewer } from '../submission/submission.policy';
import type { Viewer } from '../../lib/viewer';
import { formatShanghaiTime, writeSheet } from '../../lib/xlsx-stream';
import type { ExhibitorService } from '../exhibitor/exhibitor.service';
import type { SubmissionWorkflowService } from '../submission/submission-workflow.service';
import type { TSubmissionListInput } from '@portal/shared/submission/submission.schema';
import type { ProductApplicationModel } from './product.models';
import { PRODUCT_SPEC } from './product.service';

const NAMESPACE = 'exports';
const COLUMNS = [
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
] as const;
type Column = (typeof COLUMNS)[number][0];


/**
 * The xlsx of product applications: the organizers' filtered queue, or an exhibitor's own list (always
 * narrowed to its company). Streamed in batches; every export is audited (action product.export).
 */
export class ProductExportService {
  constructor(
    private readonly db: Database,
    private readonly workflow: SubmissionWorkflowService,
    private readonly exhibitors: Pick<ExhibitorService, 'listNames'>,
    private readonly clock: Clock,
  ) {}

  /** Who exports what: an organizer any filter, an exhibitor its company's rows only. */
  async conditionsFor(viewer: Viewer | undefined, input: TSubmissionListInput) {
    const exhibitorId = isSubmissionReviewer(viewer) ? null : (await this.workflow.requireFiler(viewer)).exhibitorId;
    return this.workflow.conditionsOf(input, exhibitorId).filter;
  }

  fileNames(locale: Locale) {
    const day = shanghaiDate(new Date(this.clock.now()));
    return { ascii: `${translate('en-US', 'productFileStem', {}, NAMESPACE)}-${day}.xlsx`, localised: `${translate(locale, 'productFileStem', {}, NAMESPACE)}-${day}.xlsx` };
  }

  async write(output: Writable, filter: Awaited<ReturnType<ProductExportService['conditionsFor']>>, locale: Locale, beforeClose: (rows: number) => Promise<void>) {
    const t = (key: string) => translate(locale, key, {}, NAMESPACE);
    const names = new Map((await this.exhibitors.listNames()).map((row) => [row.id, locale === 'zh-CN' ? row.nameZh : row.nameEn]));
    const row = (product: ProductApplicationModel): Record<Column, string> => ({
      submittedAt: formatShanghaiTime(product.submittedAt),
      status: t(`submissionStatus_${product.status}`),
      exhibitor: names.get(product.exhibitorId) ?? '',
      nameZh: product.nameZh,
      nameEn: product.nameEn,
      category: t(`productCategory_${product.category}`),
      descriptionZh: product.descriptionZh,
      descriptionEn: product.descriptionEn,
      photos: String(product.photoIds.length),
      rejectReason: product.rejectReason ?? '',
    });
    const queries = PRODUCT_SPEC.queries;
    const db = this.db;
    async function* batches() {
      let batch: Array<Record<Column, string>> = [];
      for await (const product of queries.iterate(db, filter)) {
        batch.push(row(product));
        if (batch.length === 500) {
          yield batch;
          batch = [];
        }
      }
      yield batch;
    }
    return writeSheet(output, t('productSheet'), COLUMNS.map(([key, width]) => ({ key, width, header: t(`productCol_${key}`) })), batches(), beforeClose);
  }
}
