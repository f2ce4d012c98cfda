import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import type { AuditAction } from '@portal/shared/audit/audit-log';
import type { Locale } from '@portal/shared/i18n/locales';
import { TICKET_KIND_LETTERS, MAX_TICKET_IMPORT_ROWS, type TicketStatus, type TRevokeTicketInput, type TTicketFilter, type TTicketListInput } from '@portal/shared/ticket/ticket.schema';
import { parseImportedTicketRow, TICKET_IMPORT_COLUMNS, type TicketImportRowProblem, type TImportedTicketRow, type TTicketImportQuery } from '@portal/shared/ticket/ticket-office.schema';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pageWithTotal } from '../../lib/keyset';
import { PeriodicRead } from '../../lib/periodic-read';
import { translate } from '../../lib/i18n';
import { IMPORT_PROGRESS_EVERY, ImportIssues, type ImportEvent, type ImportFile, type ImportReport } from '../../lib/spreadsheet-import';
import type { Viewer } from '../../lib/viewer';
import { formatShanghaiTime, writeSheet } from '../../lib/xlsx-stream';
import type { AccountService } from '../account/account.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { AuditService } from '../audit/audit.service';
import type { PhotoService } from '../media/photo.service';
import type { ShowService } from '../show/show.service';
import type { OfficeTicketModel, TicketEventModel, TicketFaceCheckModel, TicketRow } from './ticket-office.models';
import * as repository from './ticket-office.repository';
import { isTicketOffice, requireTicketOffice } from './ticket-office.policy';
import type { TicketSigner } from './ticket-token';
import { KIND_OF_LETTER } from './ticket.service';

const EXPORT_BATCH = 2_000;
/** Tickets the kiosk's look-up shows for a name or a number. */
const LOOKUP_MATCHES = 10;
/** How many summed changes of the ticket count make a list read fold them (see ticketCountDeltas). */
const COUNT_CHANGES_TO_FOLD = 200;
/** Rows per INSERT and per look-up of taken codes (well under PostgreSQL's parameter limit). */
/** Rows a statement (and, when inserting, a transaction) of an import holds: PGlite's one connection is free between two. */
const IMPORT_CHUNK = 500;
/** The import's columns (1-based): a date cell in the days column reads as YYYY-MM-DD. */
const DAYS_COLUMN = TICKET_IMPORT_COLUMNS.indexOf('days') + 1;
const EXTERNAL_CODE_COLUMN = TICKET_IMPORT_COLUMNS.indexOf('externalCode') + 1;
/** The column a row's problem is in (the report quotes that cell). */
const COLUMN_OF_PROBLEM: Record<TicketImportRowProblem, number> = {
  HOLDER_NAME: TICKET_IMPORT_COLUMNS.indexOf('holderName') + 1,
  ORGANIZATION: TICKET_IMPORT_COLUMNS.indexOf('organization') + 1,
  EXTERNAL_CODE: EXTERNAL_CODE_COLUMN,
  DAYS: DAYS_COLUMN,
  NOT_SHOW_DAY: DAYS_COLUMN,
  BATCH: TICKET_IMPORT_COLUMNS.indexOf('batch') + 1,
  DUPLICATE_IN_FILE: EXTERNAL_CODE_COLUMN,
  EXISTS: EXTERNAL_CODE_COLUMN,
  ERROR_CELL: EXTERNAL_CODE_COLUMN,
  BOOLEAN_CELL: EXTERNAL_CODE_COLUMN,
};
/** How long the keyword grams' statistics are used before they are read again (an ANALYZE changes them). */
const GRAM_STATISTICS_MAX_AGE_MS = 5 * 60_000;

/** The status the office shows (erasure first, then revocation, then the holder's approval). */
export function ticketStatusOf(row: Pick<TicketRow, 'erasedAt' | 'revokedAt' | 'holderApproved'>): TicketStatus {
  if (row.erasedAt) return 'ERASED';
  if (row.revokedAt) return 'REVOKED';
  return row.holderApproved ? 'VALID' : 'INACTIVE';
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The audited changes that are steps of a ticket's history. */
const EVENT_OF_ACTION = { 'ticket.revoke': 'REVOKED', 'ticket.reinstate': 'REINSTATED', 'ticket.face_checked': 'FACE_CHECKED', 'ticket.badge_print': 'PRINTED' } as const satisfies Partial<Record<AuditAction, TicketEventModel['kind']>>;

/**
 * The ticket office (/wo/ticket/list, ROLE_SUPER_ADMIN or ROLE_TICKET): the ledger's tickets with their
 * admissions in figures, the QR of a lost ticket, the face check (entry-card photo beside the ID photo),
 * revocation and reinstatement, the import of tickets sold outside the portal and the export. Every
 * change locks the row, re-checks its state, bumps the feed version and is audited in its transaction;
 * every view of personal data (face check, QR) and every export is audited too (PIPL).
 */
export class TicketOfficeService {
  /** The grams' frequencies from the last ANALYZE, read once in a while: they only choose which grams the list looks up. */
  private readonly gramStatistics: PeriodicRead<Map<string, number>>;

  constructor(
    private readonly db: Database,
    private readonly signer: TicketSigner,
    private readonly accounts: AccountService,
    private readonly photos: PhotoService,
    private readonly show: ShowService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {
    this.gramStatistics = new PeriodicRead(() => repository.gramFrequencies(this.db), GRAM_STATISTICS_MAX_AGE_MS, clock);
  }

  async list(viewer: Viewer | undefined, { filter, page, pageSize }: TTicketListInput) {
    requireTicketOffice(viewer);
    const found = await this.pageOf(filter ?? {}, page, pageSize);
    return { total: found.total, nodes: await this.present(found.nodes), page, pageSize };
  }

  /** The whole list beside its maintained count (deep pages from the nearer end); a filtered one counts its matches in the page's statement. */
  private async pageOf(filter: TTicketFilter, page: number, pageSize: number) {
    if (!repository.isTicketListFiltered(filter)) {
      return pageWithTotal(page, pageSize, {
        count: () => this.countAll(),
        countIsKept: true,
        readPage: (total) => repository.listTickets(this.db, filter, page, pageSize, total),
      });
    }
    const keywordGrams = await this.lookedUpGrams(filter.keyword);
    return pageWithTotal(page, pageSize, {
      count: () => repository.countTickets(this.db, filter),
      countIsKept: false,
      readPage: (total) => repository.listTickets(this.db, filter, page, pageSize, total),
      countedPage: () => repository.countedTicketPage(this.db, filter, page, pageSize, keywordGrams),
    });
  }

  private async countAll() {
    const { total, changes } = await repository.countAllTickets(this.db);
    // The reader that finds many count changes folds them (a few milliseconds), so that the sum stays short.
    if (changes > COUNT_CHANGES_TO_FOLD) await repository.compactTicketCountDeltas(this.db);
    return total;
  }

  /** The keyword's rarest grams, which the list looks its candidates up by (none without a keyword). */
  private async lookedUpGrams(keyword: string | null | undefined): Promise<string[]> {
    const trimmed = keyword?.trim();
    if (!trimmed) return [];
    const [grams, frequencies] = await Promise.all([repository.keywordGrams(this.db, trimmed), this.gramStatistics.get()]);
    return repository.rarestGrams(grams, frequencies);
  }

  async admissions(viewer: Viewer | undefined, ticketId: string) {
    requireTicketOffice(viewer);
    const ticket = await this.find(ticketId);
    return repository.admissionsOfTicket(this.db, ticket.id);
  }

  /**
   * One ticket's history, oldest first: its issue, each revocation and reinstatement with its reason and
   * each face check (from the audit rows written with those changes, so every one is there, not only the
   * last), and each admission at a gate.
   */
  async history(viewer: Viewer | undefined, ticketId: string): Promise<TicketEventModel[]> {
    requireTicketOffice(viewer);
    const ticket = await this.find(ticketId);
    const [changes, admitted] = await Promise.all([this.audit.entriesAbout('ticket', ticket.id, Object.keys(EVENT_OF_ACTION) as AuditAction[]), repository.admissionsOfTicket(this.db, ticket.id)]);
    const actorIds = [...new Set(changes.map((entry) => entry.actorId).filter((id): id is string => id !== null))];
    const nameOf = new Map((actorIds.length > 0 ? await this.accounts.findByIds(actorIds) : []).map((account) => [account.id, account.name]));
    const events: TicketEventModel[] = [
      { kind: 'ISSUED', at: ticket.createdAt, actorName: null, reason: null, gate: null, reEntry: null },
      ...changes.map((entry) => ({
        kind: EVENT_OF_ACTION[entry.action as keyof typeof EVENT_OF_ACTION],
        at: entry.at,
        actorName: entry.actorId ? (nameOf.get(entry.actorId) ?? null) : null,
        reason: typeof entry.detail?.reason === 'string' ? entry.detail.reason : null,
        gate: null,
        reEntry: null,
      })),
      ...admitted.map((admission) => ({ kind: 'ADMITTED' as const, at: admission.at, actorName: null, reason: null, gate: admission.gate, reEntry: admission.reEntry })),
    ];
    return events.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** The two photos and their face-match score; the opening is audited (PIPL). */
  async faceCheck(viewer: Viewer | undefined, ticketId: string, origin: RequestOrigin): Promise<TicketFaceCheckModel> {
    const actor = requireTicketOffice(viewer);
    const row = await this.find(ticketId);
    const [photos, faceMatchScore] = await Promise.all([
      this.photos.findByIds([row.entryPhotoId, row.idPhotoId].filter((id): id is string => id !== null)),
      // The counter check (decision 0209): no face comparison runs; the office compares the ID document in person.
      row.entryPhotoId && row.idPhotoId && !row.counterCheck ? this.photos.faceMatchScore(row.entryPhotoId, row.idPhotoId) : null,
    ]);
    await this.audit.record(origin, { actorId: actor.id, action: 'ticket.face_check_view', subjectType: 'ticket', subjectId: row.id, detail: { kind: row.kind } });
    const [ticket] = await this.present([row]);
    return {
      ticket: ticket as OfficeTicketModel,
      entryPhoto: photos.find((photo) => photo.id === row.entryPhotoId) ?? null,
      idPhoto: photos.find((photo) => photo.id === row.idPhotoId) ?? null,
      faceMatchScore,
    };
  }

  /** The office may open the photos of a ticket's holder (the face check); each view is audited. */
  async photoAccess(viewer: Viewer, photoId: string): Promise<{ audited: boolean } | null> {
    return isTicketOffice(viewer) && (await repository.ticketReferencingPhoto(this.db, photoId)) ? { audited: true } : null;
  }

  /** A valid ticket's QR token, signed as the gates verify it (a lost ticket printed again); audited. */
  async qr(viewer: Viewer | undefined, ticketId: string, origin: RequestOrigin) {
    const actor = requireTicketOffice(viewer);
    const row = await this.find(ticketId);
    if (ticketStatusOf(row) !== 'VALID') throw new AppError('TICKET_NOT_VALID');
    // Printed on paper (`p: 1`): static, accepted by the gates even for a kind whose QR rotates.
    const token = this.signer.sign({ v: 1, k: TICKET_KIND_LETTERS[row.kind], id: row.subjectId, d: row.days, iat: Math.floor(this.clock.now() / 1000), p: 1 });
    await this.audit.record(origin, { actorId: actor.id, action: 'ticket.qr_view', subjectType: 'ticket', subjectId: row.id, detail: { kind: row.kind } });
    return { ticketId: row.id, token };
  }

  /** Records that staff compared the faces: who and when (again when checked again). */
  markFaceChecked(viewer: Viewer | undefined, id: string, origin: RequestOrigin) {
    const actor = requireTicketOffice(viewer);
    return this.change(id, async (tx, before) => {
      if (before.erasedAt) throw new AppError('TICKET_ERASED');
      const after = await repository.updateTicket(tx, id, { faceCheckedAt: new Date(this.clock.now()), faceCheckedById: actor.id });
      await this.audit.record(origin, { actorId: actor.id, action: 'ticket.face_checked', subjectType: 'ticket', subjectId: id, detail: { before: before.faceCheckedAt, after: after.faceCheckedAt } }, tx);
      return after;
    });
  }

  /** The gates deny it from now on (the feed carries the revocation); only a valid ticket. */
  revoke(viewer: Viewer | undefined, { id, reason }: TRevokeTicketInput, origin: RequestOrigin) {
    const actor = requireTicketOffice(viewer);
    return this.change(id, async (tx, before) => {
      if (before.revokedAt) throw new AppError('TICKET_ALREADY_REVOKED');
      if (ticketStatusOf(before) !== 'VALID') throw new AppError('TICKET_NOT_REVOCABLE');
      const after = await repository.updateTicket(tx, id, { revokedAt: new Date(this.clock.now()), revokedById: actor.id, revokeReason: reason });
      await this.audit.record(origin, { actorId: actor.id, action: 'ticket.revoke', subjectType: 'ticket', subjectId: id, detail: { reason, before: ticketStatusOf(before), after: ticketStatusOf(after) } }, tx);
      return after;
    });
  }

  /** Undoes a revocation; the ticket admits again if its holder is (still) approved. */
  reinstate(viewer: Viewer | undefined, { id, reason }: TRevokeTicketInput, origin: RequestOrigin) {
    const actor = requireTicketOffice(viewer);
    return this.change(id, async (tx, before) => {
      if (before.erasedAt) throw new AppError('TICKET_ERASED');
      if (!before.revokedAt) throw new AppError('TICKET_NOT_REVOKED');
      const after = await repository.updateTicket(tx, id, { revokedAt: null, revokedById: null, revokeReason: null });
      await this.audit.record(
        origin,
        { actorId: actor.id, action: 'ticket.reinstate', subjectType: 'ticket', subjectId: id, detail: { reason, revokeReason: before.revokeReason, before: ticketStatusOf(before), after: ticketStatusOf(after) } },
        tx,
      );
      return after;
    });
  }

  /** Authorises an import before its body is read; the mode and default batch come from the query string. */
  importOptions(viewer: Viewer | undefined, query: TTicketImportQuery) {
    const actor = requireTicketOffice(viewer);
    return { actorId: actor.id, ...query };
  }

  /**
   * Reads the file's rows (the first is a header when it is not a ticket), checks each (the columns,
   * the show days, the external code twice in the file or already stored) and imports: everything when
   * every row is good, or only the good rows when asked; else nothing. One transaction, audited.
   */
  async import(
    options: ReturnType<TicketOfficeService['importOptions']>,
    file: ImportFile,
    origin: RequestOrigin,
    onEvent: (event: ImportEvent<TicketImportRowProblem>) => void,
  ): Promise<ImportReport<TicketImportRowProblem>> {
    const showDays = new Set((await this.show.showDays()).map((day) => day.day));
    const good = new Map<string, { row: number; ticket: TImportedTicketRow }>();
    const issues = new ImportIssues<TicketImportRowProblem>();
    let rows = 0;
    for await (const { row, cells, refused } of file.rows({ columns: TICKET_IMPORT_COLUMNS.length, dateColumns: [DAYS_COLUMN] })) {
      const checked = parseImportedTicketRow(cells);
      if (rows === 0 && row === 1 && !refused && 'problem' in checked) continue; // a header
      rows += 1;
      if (rows > MAX_TICKET_IMPORT_ROWS) throw new AppError('TICKET_IMPORT_TOO_MANY');
      if (rows % IMPORT_PROGRESS_EVERY === 0) onEvent({ type: 'progress', rows });
      const issue = (problem: TicketImportRowProblem, column: number) => issues.note({ row, column, value: cells[column - 1] ?? '', problem });
      if (refused) issue(refused.problem, refused.column);
      else if ('problem' in checked) issue(checked.problem, COLUMN_OF_PROBLEM[checked.problem]);
      else if (checked.ticket.days.some((day) => !showDays.has(day))) issue('NOT_SHOW_DAY', DAYS_COLUMN);
      else if (good.has(checked.ticket.externalCode)) issue('DUPLICATE_IN_FILE', EXTERNAL_CODE_COLUMN);
      else good.set(checked.ticket.externalCode, { row, ticket: checked.ticket });
    }
    if (rows === 0) throw new AppError('TICKET_IMPORT_EMPTY');
    // The database's part comes in short steps, each its own statement or transaction with a turn of the
    // event loop between them, so that the gates' scans are answered between two chunks even on PGlite's
    // one connection (docs/decisions/0519-ticket-import-in-short-transactions.md).
    for (const part of chunks([...good.keys()], IMPORT_CHUNK)) {
      for (const code of await repository.existingExternalCodes(this.db, part)) {
        issues.note({ row: good.get(code)?.row ?? 0, column: EXTERNAL_CODE_COLUMN, value: code, problem: 'EXISTS' });
        good.delete(code);
      }
      await setImmediate();
    }
    const result = { rows, good: good.size, bad: issues.count, imported: 0, issues: issues.sorted() };
    if (result.bad > 0 && options.mode === 'ALL_OR_NOTHING') {
      onEvent({ type: 'result', report: result });
      return result;
    }
    const audit = { batch: options.batch ?? null, mode: options.mode, format: file.format, rows, bad: result.bad };
    const parts = chunks([...good.values()], IMPORT_CHUNK);
    const inserted: string[] = [];
    let imported = 0;
    try {
      for (const [index, part] of parts.entries()) {
        const values = part.map(({ ticket }) => ({ id: randomUUID(), holderName: ticket.holderName, organization: ticket.organization, externalCode: ticket.externalCode, days: ticket.days, importBatch: ticket.batch ?? options.batch ?? null }));
        await this.db.transaction(async (tx) => {
          const count = await repository.insertImportedTickets(tx, values);
          // Another import stored some of these codes since they were checked: all or nothing means nothing.
          if (count !== values.length && options.mode === 'ALL_OR_NOTHING') throw new AppError('TICKET_IMPORT_HAS_BAD_ROWS');
          imported += count;
          // The first chunk's transaction holds the import's audit row: no ticket is ever stored unaudited.
          if (index === 0) await this.audit.record(origin, { actorId: options.actorId, action: 'ticket.import', subjectType: 'ticket', detail: { ...audit, imported: good.size } }, tx);
        });
        inserted.push(...values.map((value) => value.id));
        if (index % 10 === 9) onEvent({ type: 'progress', rows });
        await setImmediate();
      }
    } catch (error) {
      if (options.mode === 'ALL_OR_NOTHING' && inserted.length > 0) await this.withdrawImported(inserted, options, origin);
      throw error;
    }
    // Fewer went in than planned (codes stored meanwhile, good rows only): the audit says how many did.
    if (imported !== good.size) await this.audit.record(origin, { actorId: options.actorId, action: 'ticket.import', subjectType: 'ticket', detail: { ...audit, imported, planned: good.size } });
    const report = { ...result, imported };
    // Fresh statistics at once: PGlite has no autovacuum, and with the imported rows unknown to the planner a
    // filtered list read the whole kind through tickets_subject_idx, computing every row's grams (3.4 s at 100,000).
    if (report.imported > 0) {
      await repository.analyzeTickets(this.db);
      this.gramStatistics.forget();
    }
    onEvent({ type: 'result', report });
    return report;
  }

  /**
   * An all-or-nothing import that failed after some chunks were stored: those tickets are revoked (the
   * gates' feed carries a revocation, a deleted row it would not) and give their external codes back, so
   * that the same file can be imported again; one audit row says so.
   */
  private async withdrawImported(ids: readonly string[], options: ReturnType<TicketOfficeService['importOptions']>, origin: RequestOrigin) {
    const at = new Date(this.clock.now());
    for (const [index, part] of chunks(ids, IMPORT_CHUNK).entries()) {
      await this.db.transaction(async (tx) => {
        await repository.withdrawImportedTickets(tx, part, { revokedAt: at, revokedById: options.actorId });
        if (index === 0) await this.audit.record(origin, { actorId: options.actorId, action: 'ticket.import', subjectType: 'ticket', detail: { batch: options.batch ?? null, mode: options.mode, withdrawn: ids.length } }, tx);
      });
      await setImmediate();
    }
  }

  /**
   * The kiosk's look-up: a scanned QR's text (signature checked) names one ticket; anything else is a
   * ticket number (external code), a name or a company, as the list's keyword: its first ten matches.
   */
  async lookup(viewer: Viewer | undefined, query: string): Promise<OfficeTicketModel[]> {
    requireTicketOffice(viewer);
    const payload = this.signer.verify(query);
    if (payload) {
      const kind = KIND_OF_LETTER.get(payload.k);
      const row = kind ? await repository.findTicketOf(this.db, kind, payload.id) : undefined;
      return row ? this.present([row]) : [];
    }
    const found = await this.pageOf({ keyword: query }, 1, LOOKUP_MATCHES);
    return this.present(found.nodes);
  }

  /** One ticket to print a badge for: as the list shows it; only a valid ticket prints. */
  async printable(ticketId: string): Promise<OfficeTicketModel> {
    const row = await this.find(ticketId);
    if (ticketStatusOf(row) !== 'VALID') throw new AppError('TICKET_NOT_VALID');
    const [ticket] = await this.present([row]);
    return ticket as OfficeTicketModel;
  }

  /** The valid tickets of a filter in batches, by id (a batch print never holds them all). */
  printableBatches(filter: TTicketFilter, size: number): AsyncGenerator<TicketRow[]> {
    return repository.ticketsById(this.db, { ...filter, status: 'VALID' }, size);
  }

  /** How many tickets of a filter print (the valid ones). */
  countPrintable(filter: TTicketFilter) {
    return repository.countTickets(this.db, { ...filter, status: 'VALID' });
  }

  /** Authorises an export of the list's filter (from the query string). */
  exportFilter(viewer: Viewer | undefined, filter: TTicketFilter) {
    const actor = requireTicketOffice(viewer);
    return { actorId: actor.id, filter };
  }

  /** The rows an export will hold (its X-Total-Count header, for the download's progress). */
  count(filter: TTicketFilter) {
    return repository.countTickets(this.db, filter);
  }

  /** The filtered tickets as a streamed workbook; the audit row is written before the file completes. */
  async writeXlsx(output: Writable, request: ReturnType<TicketOfficeService['exportFilter']>, locale: Locale, origin: RequestOrigin) {
    const t = (key: string) => translate(locale, key, {}, 'exports');
    const columns = [
      { key: 'kind', header: t('ticketColKind'), width: 12 },
      { key: 'status', header: t('ticketColStatus'), width: 10 },
      { key: 'holderName', header: t('ticketColHolder'), width: 20 },
      { key: 'organization', header: t('ticketColOrganization'), width: 24 },
      { key: 'days', header: t('ticketColDays'), width: 24 },
      { key: 'externalCode', header: t('ticketColExternalCode'), width: 18 },
      { key: 'importBatch', header: t('ticketColBatch'), width: 16 },
      { key: 'admissions', header: t('ticketColAdmissions'), width: 10 },
      { key: 'lastAdmittedAt', header: t('ticketColLastAdmittedAt'), width: 20 },
      { key: 'conflicts', header: t('ticketColConflicts'), width: 10 },
      { key: 'faceCheckedAt', header: t('ticketColFaceCheckedAt'), width: 20 },
      { key: 'faceCheckedBy', header: t('ticketColFaceCheckedBy'), width: 14 },
      { key: 'revokedAt', header: t('ticketColRevokedAt'), width: 20 },
      { key: 'revokeReason', header: t('ticketColRevokeReason'), width: 24 },
      { key: 'createdAt', header: t('ticketColCreatedAt'), width: 20 },
    ] as const;
    const time = (instant: Date | null) => (instant ? formatShanghaiTime(instant) : '');
    const db = this.db;
    const present = (rows: TicketRow[]) => this.present(rows);
    async function* batches() {
      for await (const rows of repository.iterateTickets(db, request.filter, EXPORT_BATCH)) {
        yield (await present(rows)).map((row) => ({
          kind: t(`ticketKind_${row.kind}`),
          status: t(`ticketStatus_${row.status}`),
          holderName: row.holderName,
          organization: row.organization ?? '',
          days: row.days.length > 0 ? row.days.join(', ') : t('ticketAllDays'),
          externalCode: row.externalCode ?? '',
          importBatch: row.importBatch ?? '',
          admissions: String(row.admissionCount),
          lastAdmittedAt: time(row.lastAdmittedAt),
          conflicts: String(row.conflictCount),
          faceCheckedAt: time(row.faceCheckedAt),
          faceCheckedBy: row.faceCheckedBy ?? '',
          revokedAt: time(row.revokedAt),
          revokeReason: row.revokeReason ?? '',
          createdAt: time(row.createdAt),
        }));
      }
    }
    return writeSheet(output, t('ticketSheet'), columns, batches(), async (count) => {
      await this.audit.record(origin, { actorId: request.actorId, action: 'ticket.export', subjectType: 'ticket', detail: { filter: request.filter, rows: count, locale } });
    });
  }

  fileNames(locale: Locale) {
    const stamp = formatShanghaiTime(new Date(this.clock.now())).slice(0, 10);
    return { ascii: `tickets-${stamp}.xlsx`, localised: `${translate(locale, 'ticketFileStem', {}, 'exports')}-${stamp}.xlsx` };
  }

  private async find(id: string) {
    const row = await repository.findTicket(this.db, id);
    if (!row) throw new AppError('TICKET_NOT_FOUND');
    return row;
  }

  /** Lock, re-check (in `apply`), write and audit in one transaction; answers the ticket as the list shows it. */
  private async change(id: string, apply: (tx: Executor, before: TicketRow) => Promise<TicketRow>): Promise<OfficeTicketModel> {
    const after = await this.db.transaction(async (tx) => {
      const before = await repository.lockTicket(tx, id);
      if (!before) throw new AppError('TICKET_NOT_FOUND');
      return apply(tx, before);
    });
    const [presented] = await this.present([after]);
    return presented as OfficeTicketModel;
  }

  /** Rows with their status, admission figures and the names of who acted: two queries per page, not per row. */
  private async present(rows: TicketRow[]): Promise<OfficeTicketModel[]> {
    const actorIds = [...new Set(rows.flatMap((row) => [row.revokedById, row.faceCheckedById]).filter((id): id is string => id !== null))];
    const [summaries, actors] = await Promise.all([repository.admissionSummaries(this.db, rows.map((row) => row.id)), actorIds.length > 0 ? this.accounts.findByIds(actorIds) : []]);
    const summaryOf = new Map(summaries.map((summary) => [summary.ticketId, summary]));
    const nameOf = new Map(actors.map((account) => [account.id, account.name]));
    return rows.map((row) => {
      const summary = summaryOf.get(row.id);
      return {
        ...row,
        status: ticketStatusOf(row),
        admissionCount: summary?.admissionCount ?? 0,
        lastAdmittedAt: summary?.lastAdmittedAt ?? null,
        conflictCount: summary?.conflictCount ?? 0,
        revokedBy: row.revokedById ? (nameOf.get(row.revokedById) ?? null) : null,
        faceCheckedBy: row.faceCheckedById ? (nameOf.get(row.faceCheckedById) ?? null) : null,
      };
    });
  }
}
