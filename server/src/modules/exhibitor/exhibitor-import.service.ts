import { setImmediate } from 'node:timers/promises';
import { normaliseIdentity } from '@portal/shared/auth/identity';
import type { TCreateExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import {
  COLUMN_OF_PROBLEM,
  EXHIBITOR_IMPORT_COLUMNS,
  MAX_EXHIBITOR_IMPORT_ROWS,
  parseImportedExhibitorRow,
  type ExhibitorImportRowProblem,
  type TExhibitorImportQuery,
} from '@portal/shared/exhibitor/exhibitor-import';
import { AppError } from '../../lib/app-error';
import { IMPORT_PROGRESS_EVERY, ImportIssues, type ImportEvent, type ImportFile, type ImportReport } from '../../lib/spreadsheet-import';
import type { Viewer } from '../../lib/viewer';
import type { AccountService } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { ExhibitorService } from './exhibitor.service';
import { requireExhibitorManager } from './exhibitor.policy';

/** A company the import created: its row, names, sign-in identities and the initial password (shown once). */
export interface ImportedCompany {
  row: number;
  nameZh: string;
  identities: string[];
  initialPassword: string;
}

/** The import's answer: the per-row report of the skipped rows, and the created companies. */
export type ExhibitorImportReport = ImportReport<ExhibitorImportRowProblem> & { created: ImportedCompany[] };

/**
 * The exhibitor list's import (docs/decisions/0418-exhibitor-import-export.md): companies from an xlsx or csv, each
 * good row created as the organizer's form creates one (account, initial password, the booth's badge quota), in its
 * own transaction with its audit row. Organizers of the exhibitor section only.
 */
export class ExhibitorImportService {
  constructor(
    private readonly exhibitors: Pick<ExhibitorService, 'createAs'>,
    private readonly accounts: Pick<AccountService, 'findByIdentity'>,
    private readonly audit: AuditService,
  ) {}

  importOptions(viewer: Viewer | undefined, query: TExhibitorImportQuery) {
    return { actorId: requireExhibitorManager(viewer).id, ...query };
  }

  /**
   * Reads the rows (the first is a header when it is no company), checks each with the create form's schema, a
   * contact twice in the file and a contact that already signs in; then creates the good rows — all of them only
   * when no row is bad unless GOOD_ROWS_ONLY — one transaction each. A row whose contact was taken meanwhile is
   * skipped and reported. One `exhibitor.import` audit row sums the import up.
   */
  async import(options: ReturnType<ExhibitorImportService['importOptions']>, file: ImportFile, origin: RequestOrigin, onEvent: (event: ImportEvent<ExhibitorImportRowProblem>) => void): Promise<ExhibitorImportReport> {
    const issues = new ImportIssues<ExhibitorImportRowProblem>();
    const good: Array<{ row: number; company: TCreateExhibitorInput; cells: string[] }> = [];
    const seen = new Set<string>();
    let rows = 0;
    for await (const { row, cells, refused } of file.rows({ columns: EXHIBITOR_IMPORT_COLUMNS.length })) {
      const checked = parseImportedExhibitorRow(cells);
      if (rows === 0 && row === 1 && !refused && 'problem' in checked) continue; // a header
      rows += 1;
      if (rows > MAX_EXHIBITOR_IMPORT_ROWS) throw new AppError('EXHIBITOR_IMPORT_TOO_MANY');
      if (rows % IMPORT_PROGRESS_EVERY === 0) onEvent({ type: 'progress', rows });
      const issue = (problem: ExhibitorImportRowProblem, column: number) => issues.note({ row, column, value: cells[column - 1] ?? '', problem });
      if (refused) {
        issue(refused.problem, refused.column);
        continue;
      }
      if ('problem' in checked) {
        issue(checked.problem, checked.column);
        continue;
      }
      const identities = identitiesOf(checked.company);
      if (identities.some((identity) => seen.has(identity))) {
        issue('DUPLICATE_IN_FILE', COLUMN_OF_PROBLEM.DUPLICATE_IN_FILE);
        continue;
      }
      identities.forEach((identity) => seen.add(identity));
      if (await this.anyTaken(checked.company)) issue('IDENTITY_TAKEN', COLUMN_OF_PROBLEM.IDENTITY_TAKEN);
      else good.push({ row, company: checked.company, cells });
    }
    if (rows === 0) throw new AppError('EXHIBITOR_IMPORT_EMPTY');
    const report = (imported: number, created: ImportedCompany[]): ExhibitorImportReport => ({ rows, good: good.length, bad: issues.count, imported, issues: issues.sorted(), created });
    if (issues.count > 0 && options.mode === 'ALL_OR_NOTHING') {
      const result = report(0, []);
      onEvent({ type: 'result', report: result });
      return result;
    }
    const created: ImportedCompany[] = [];
    for (const { row, company, cells } of good) {
      try {
        const { exhibitor, initialPassword } = await this.exhibitors.createAs(options.actorId, company, origin, { imported: { row, format: file.format } });
        created.push({ row, nameZh: exhibitor.nameZh, identities: identitiesOf(company), initialPassword });
      } catch (error) {
        // Taken since the check (another import, a registration): the row is skipped, the others go on.
        if (!(error instanceof AppError && error.code === 'ACCOUNT_IDENTITY_TAKEN')) throw error;
        issues.note({ row, column: COLUMN_OF_PROBLEM.IDENTITY_TAKEN, value: cells[COLUMN_OF_PROBLEM.IDENTITY_TAKEN - 1] ?? '', problem: 'IDENTITY_TAKEN' });
      }
      if (created.length % 50 === 49) onEvent({ type: 'progress', rows });
      await setImmediate();
    }
    await this.audit.record(origin, { actorId: options.actorId, action: 'exhibitor.import', subjectType: 'exhibitor', detail: { mode: options.mode, format: file.format, rows, bad: issues.count, imported: created.length } });
    const result = report(created.length, created);
    onEvent({ type: 'result', report: result });
    return result;
  }

  /** Whether a contact of the row already signs in to an account. */
  private async anyTaken(company: TCreateExhibitorInput): Promise<boolean> {
    for (const value of [company.contactEmail, company.contactMobile]) {
      const identity = value ? normaliseIdentity(value) : null;
      if (identity && (await this.accounts.findByIdentity(identity))) return true;
    }
    return false;
  }
}

/** The row's contacts as sign-in identities (normalised: the same mobile written two ways is one). */
function identitiesOf(company: TCreateExhibitorInput): string[] {
  return [company.contactEmail, company.contactMobile].flatMap((value) => {
    const identity = value ? normaliseIdentity(value) : null;
    return identity ? [identity.value] : [];
  });
}
