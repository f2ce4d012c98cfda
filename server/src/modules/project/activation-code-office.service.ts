import type { Writable } from 'node:stream';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import type { Viewer } from '../../lib/viewer';
import { formatShanghaiTime, writeSheet } from '../../lib/xlsx-stream';
import { IMPORT_PROGRESS_EVERY, ImportIssues, type ImportEvent, type ImportFile, type ImportReport } from '../../lib/spreadsheet-import';
import { translate } from '../../lib/i18n';
import type { Locale } from '@portal/shared/i18n/locales';
import {
  MAX_IMPORT_ROWS,
  normaliseImportedCode,
  type ImportRowProblem,
  type TActivationCodeFilter,
  type TActivationCodeListInput,
  type TGenerateActivationCodesInput,
  type TImportQuery,
} from '@portal/shared/activation-code/activation-code.schema';
import type { ActivationCodeConditions, ActivationCodeModel } from '../activation-code/activation-code.models';
import type { ActivationCodeService } from '../activation-code/activation-code.service';
import type { ApplicationService } from '../application/application.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { AuditService } from '../audit/audit.service';
import type { OfficeActivationCodeModel } from './project.models';
import { requireProjectOrganizer } from './project.policy';

/** A keyword matches at most this many applicants' names (a name search is for finding one person's code). */
const NAME_MATCH_LIMIT = 1_000;
const EXPORT_BATCH = 2_000;

/**
 * Activation codes as the project section manages them (/wo/project/cdk): the filtered list, batches
 * generated from the CSPRNG, imports from xlsx or csv (read as a stream, every row checked, all or
 * nothing unless the good rows only are asked for, inserted in one transaction), the streamed export
 * and voiding. Every change and export is audited; generating and voiding audit in their transaction.
 */
export class ActivationCodeOfficeService {
  constructor(
    private readonly db: Database,
    private readonly codes: ActivationCodeService,
    private readonly applications: ApplicationService,
    private readonly audit: AuditService,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(viewer: Viewer | undefined, { filter, page, pageSize }: TActivationCodeListInput) {
    requireProjectOrganizer(viewer);
    const found = await this.codes.list(await this.conditions(filter), page, pageSize);
    return { ...found, nodes: await this.withApplicants(found.nodes), page, pageSize };
  }

  async batches(viewer: Viewer | undefined) {
    requireProjectOrganizer(viewer);
    return this.codes.batches();
  }

  async generate(viewer: Viewer | undefined, { batch, count }: TGenerateActivationCodesInput, origin: RequestOrigin) {
    const actor = requireProjectOrganizer(viewer);
    const generated = await this.db.transaction(async (tx) => {
      await this.codes.generate(tx, batch, count);
      await this.audit.record(origin, { actorId: actor.id, action: 'activation-code.generate', subjectType: 'activation_code', detail: { batch, count } }, tx);
      return { batch, count };
    });
    await this.codes.afterBulkChange(count);
    return generated;
  }

  async void(viewer: Viewer | undefined, id: string, origin: RequestOrigin): Promise<OfficeActivationCodeModel> {
    const actor = requireProjectOrganizer(viewer);
    return this.db.transaction(async (tx) => {
      const { before, after } = await this.codes.void(tx, id);
      await this.audit.record(
        origin,
        { actorId: actor.id, action: 'activation-code.void', subjectType: 'activation_code', subjectId: id, detail: { code: before.code, before: before.status, after: after.status } },
        tx,
      );
      return { ...after, boundTo: null };
    });
  }

  /** Authorises an import before its body is read; the mode and batch come from the query string. */
  importOptions(viewer: Viewer | undefined, query: TImportQuery) {
    const actor = requireProjectOrganizer(viewer);
    return { actorId: actor.id, ...query };
  }

  /**
   * Reads the codes of the file's first column (the first row is a header when it is not a code), checks
   * each row (format, twice in the file, already stored) and imports: everything when every row is good,
   * or only the good rows when asked; else nothing. `onEvent` gets progress while reading, then the report.
   */
  async import(
    options: ReturnType<ActivationCodeOfficeService['importOptions']>,
    file: ImportFile,
    origin: RequestOrigin,
    onEvent: (event: ImportEvent<ImportRowProblem>) => void,
  ): Promise<ImportReport<ImportRowProblem>> {
    const firstRowOf = new Map<string, number>();
    const issues = new ImportIssues<ImportRowProblem>();
    const note = issues.note.bind(issues);
    let rows = 0;
    for await (const { row, cells, refused } of file.rows({ columns: 1 })) {
      const value = cells[0] ?? '';
      const checked = normaliseImportedCode(value);
      if (rows === 0 && row === 1 && !refused && 'problem' in checked) continue; // a header
      if (value.trim() === '' && !refused) continue;
      rows += 1;
      if (rows > MAX_IMPORT_ROWS) throw new AppError('CDK_IMPORT_TOO_MANY');
      if (rows % IMPORT_PROGRESS_EVERY === 0) onEvent({ type: 'progress', rows });
      if (refused) note({ row, column: refused.column, value: cells[refused.column - 1] ?? '', problem: refused.problem });
      else if ('problem' in checked) note({ row, column: 1, value, problem: checked.problem });
      else if (firstRowOf.has(checked.code)) note({ row, column: 1, value, problem: 'DUPLICATE_IN_FILE' });
      else firstRowOf.set(checked.code, row);
    }
    if (rows === 0) throw new AppError('CDK_IMPORT_EMPTY');
    const report = await this.db.transaction(async (tx) => {
      const existing = await this.codes.existing([...firstRowOf.keys()], tx);
      for (const code of existing) {
        note({ row: firstRowOf.get(code) ?? 0, column: 1, value: code, problem: 'EXISTS' });
        firstRowOf.delete(code);
      }
      const good = firstRowOf.size;
      const bad = issues.count;
      const result = { rows, good, bad, imported: 0, issues: issues.sorted() };
      if (bad > 0 && options.mode === 'ALL_OR_NOTHING') return result;
      const imported = await this.codes.insert([...firstRowOf.keys()], options.batch, tx);
      // Another import stored some of these codes meanwhile: all or nothing means nothing.
      if (imported !== good && options.mode === 'ALL_OR_NOTHING') throw new AppError('CDK_IMPORT_HAS_BAD_ROWS');
      await this.audit.record(
        origin,
        { actorId: options.actorId, action: 'activation-code.import', subjectType: 'activation_code', detail: { batch: options.batch, mode: options.mode, format: file.format, rows, imported, bad } },
        tx,
      );
      return { ...result, imported };
    });
    await this.codes.afterBulkChange(report.imported);
    onEvent({ type: 'result', report });
    return report;
  }

  /** Authorises an export of the list's filter (from the query string). */
  exportFilter(viewer: Viewer | undefined, filter: TActivationCodeFilter) {
    const actor = requireProjectOrganizer(viewer);
    return { actorId: actor.id, filter };
  }

  /** The filtered codes as a streamed workbook; the audit row is written before the file completes. */
  async writeXlsx(output: Writable, request: ReturnType<ActivationCodeOfficeService['exportFilter']>, locale: Locale, origin: RequestOrigin) {
    const conditions = await this.conditions(request.filter);
    const t = (key: string) => translate(locale, key, {}, 'exports');
    const columns = [
      { key: 'code', header: t('cdkColCode'), width: 20 },
      { key: 'status', header: t('cdkColStatus'), width: 10 },
      { key: 'batch', header: t('cdkColBatch'), width: 20 },
      { key: 'boundTo', header: t('cdkColBoundTo'), width: 20 },
      { key: 'boundAt', header: t('cdkColBoundAt'), width: 20 },
      { key: 'createdAt', header: t('cdkColCreatedAt'), width: 20 },
    ] as const;
    const codes = this.codes;
    const withApplicants = (rows: ActivationCodeModel[]) => this.withApplicants(rows);
    async function* batches() {
      for await (const rows of codes.iterate(conditions, EXPORT_BATCH)) {
        yield (await withApplicants(rows)).map((row) => ({
          code: row.code,
          status: t(`cdkStatus_${row.status}`),
          batch: row.batch ?? '',
          boundTo: row.boundTo ?? '',
          boundAt: row.boundAt ? formatShanghaiTime(row.boundAt) : '',
          createdAt: formatShanghaiTime(row.createdAt),
        }));
      }
    }
    return writeSheet(output, t('cdkSheet'), columns, batches(), async (count) => {
      await this.audit.record(origin, { actorId: request.actorId, action: 'activation-code.export', subjectType: 'activation_code', detail: { filter: request.filter, rows: count, locale } });
    });
  }

  fileNames(locale: Locale) {
    const stamp = formatShanghaiTime(new Date(this.clock.now())).slice(0, 10);
    return { ascii: `activation-codes-${stamp}.xlsx`, localised: `${translate(locale, 'cdkFileStem', {}, 'exports')}-${stamp}.xlsx` };
  }

  private async conditions(filter: TActivationCodeFilter): Promise<ActivationCodeConditions> {
    const keyword = filter.keyword?.trim();
    return {
      status: filter.status,
      batch: filter.batch,
      codePrefix: keyword ? keyword.toUpperCase() : null,
      boundIds: keyword ? await this.applications.codeIdsOfApplicantsNamed(keyword, NAME_MATCH_LIMIT) : [],
    };
  }

  private async withApplicants(rows: ActivationCodeModel[]): Promise<OfficeActivationCodeModel[]> {
    const names = await this.applications.applicantNamesByCodeIds(rows.filter((row) => row.status === 'BOUND').map((row) => row.id));
    return rows.map((row) => ({ ...row, boundTo: names.get(row.id) ?? null }));
  }
}
