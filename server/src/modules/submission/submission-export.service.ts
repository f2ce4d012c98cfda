import type { Writable } from 'node:stream';
import { shanghaiDate } from '@portal/shared/dates';
import type { Locale } from '@portal/shared/i18n/locales';
import type { TSubmissionListInput } from '@portal/shared/submission/submission.schema';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import type { SubmissionRow, SubmissionTableQueries } from '../../lib/submission-tables';
import type { Viewer } from '../../lib/viewer';
import { writeSheet } from '../../lib/xlsx-stream';
import type { ExhibitorService } from '../exhibitor/exhibitor.service';
import type { SubmissionWorkflowService } from './submission-workflow.service';
import { isSubmissionReviewer } from './submission.policy';

const NAMESPACE = 'exports';
const BATCH = 500;

/** The company a row belongs to, as a sheet prints it. */
export interface SheetCompany {
  name: string;
  bootNumber: string | null;
}

/** What a row of a sheet reads besides its own columns. */
export interface SheetContext {
  locale: Locale;
  /** A label of the `exports` namespace in the export's language. */
  t: (key: string) => string;
  company: (exhibitorId: string) => SheetCompany;
}

type RowWriter<TRow, TColumn extends string> = (row: TRow) => Record<TColumn, string>;

/**
 * One kind's workbook: its columns (their headers are `<kind>Col_<key>`, its sheet `<kind>Sheet`, its file
 * `<kind>FileStem` in the `exports` namespace) and how a row is written. `rowWriter` runs once an export,
 * so a kind reads what its rows share (the banner placements' names) once.
 */
export interface SubmissionSheet<TRow extends SubmissionRow, TColumn extends string> {
  kind: 'catalog' | 'banner' | 'product';
  queries: SubmissionTableQueries<TRow>;
  columns: ReadonlyArray<readonly [TColumn, number]>;
  rowWriter(db: Executor, context: SheetContext): RowWriter<TRow, TColumn> | Promise<RowWriter<TRow, TColumn>>;
}

/**
 * The xlsx of an exhibitor filing's queue (catalog entries — what the printed show guide is made from —,
 * banners, products): the organizers' filtered queue, or an exhibitor's own list (always narrowed to its
 * company). Streamed in batches; the route audits every export (`<kind>.export`).
 */
export class SubmissionExportService<TRow extends SubmissionRow, TColumn extends string> {
  constructor(
    private readonly db: Database,
    private readonly workflow: SubmissionWorkflowService,
    private readonly exhibitors: Pick<ExhibitorService, 'listNames'>,
    private readonly clock: Clock,
    readonly sheet: SubmissionSheet<TRow, TColumn>,
  ) {}

  /** Who exports what: an organizer any filter, an exhibitor its company's rows only. */
  async conditionsFor(viewer: Viewer | undefined, input: TSubmissionListInput) {
    const exhibitorId = isSubmissionReviewer(viewer) ? null : (await this.workflow.requireFiler(viewer)).exhibitorId;
    return this.workflow.conditionsOf(input, exhibitorId).filter;
  }

  fileNames(locale: Locale) {
    const day = shanghaiDate(new Date(this.clock.now()));
    const stem = (language: Locale) => translate(language, `${this.sheet.kind}FileStem`, {}, NAMESPACE);
    return { ascii: `${stem('en-US')}-${day}.xlsx`, localised: `${stem(locale)}-${day}.xlsx` };
  }

  async write(output: Writable, filter: Awaited<ReturnType<SubmissionExportService<TRow, TColumn>['conditionsFor']>>, locale: Locale, beforeClose: (rows: number) => Promise<void>) {
    const { kind, queries, columns } = this.sheet;
    const t = (key: string) => translate(locale, key, {}, NAMESPACE);
    const companies = new Map(
      (await this.exhibitors.listNames()).map((row) => [row.id, { name: locale === 'zh-CN' ? row.nameZh : row.nameEn, bootNumber: row.bootNumber }]),
    );
    const company = (exhibitorId: string) => companies.get(exhibitorId) ?? { name: '', bootNumber: null };
    const writeRow = await this.sheet.rowWriter(this.db, { locale, t, company });
    const db = this.db;
    async function* batches() {
      let batch: Array<Record<TColumn, string>> = [];
      for await (const row of queries.iterate(db, filter)) {
        batch.push(writeRow(row));
        if (batch.length === BATCH) {
          yield batch;
          batch = [];
        }
      }
      yield batch;
    }
    return writeSheet(output, t(`${kind}Sheet`), columns.map(([key, width]) => ({ key, width, header: t(`${kind}Col_${key}`) })), batches(), beforeClose);
  }
}
