/**
 * The ticket office's files (/wo/ticket/list): the export's query string and the import of tickets
 * sold or given outside the portal. An import row is: holder name, organization, external code
 * (unique), show days (comma-separated YYYY-MM-DD; empty: every show day), optional batch name.
 */
import { z } from 'zod';
import { BATCH_NAME_MAX_LENGTH, IMPORT_MODES } from '../activation-code/activation-code.schema';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';
import { IMPORT_CELL_PROBLEMS } from '../spreadsheet/spreadsheet-import';
import { EXTERNAL_CODE_MAX_LENGTH, HOLDER_NAME_MAX_LENGTH, ORGANIZATION_MAX_LENGTH, TICKET_KINDS, TICKET_STATUSES, type TTicketFilter } from './ticket.schema';

const code = (value: ErrorCode) => ({ message: value });

/** The import file's columns, in order (the template's header row names them). */
export const TICKET_IMPORT_COLUMNS = ['holderName', 'organization', 'externalCode', 'days', 'batch'] as const;

/** Why an imported row cannot be taken (the report shows it per row). */
export const TICKET_IMPORT_ROW_PROBLEMS = ['HOLDER_NAME', 'ORGANIZATION', 'EXTERNAL_CODE', 'DAYS', 'NOT_SHOW_DAY', 'BATCH', 'DUPLICATE_IN_FILE', 'EXISTS', ...IMPORT_CELL_PROBLEMS] as const;
export type TicketImportRowProblem = (typeof TICKET_IMPORT_ROW_PROBLEMS)[number];

/** External codes: letters, digits and `-_./` as other ticketing systems print them. */
const EXTERNAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9\-_./]*$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** One row as the ledger stores it: the cells trimmed, the days sorted and unique. */
export const ZImportedTicketRow = z.object({
  holderName: plainText('HOLDER_NAME').trim().min(1, 'HOLDER_NAME').max(HOLDER_NAME_MAX_LENGTH, 'HOLDER_NAME'),
  organization: plainText('ORGANIZATION')
    .trim()
    .max(ORGANIZATION_MAX_LENGTH, 'ORGANIZATION')
    .transform((value) => value || null),
  externalCode: z.string().trim().min(1, 'EXTERNAL_CODE').max(EXTERNAL_CODE_MAX_LENGTH, 'EXTERNAL_CODE').regex(EXTERNAL_CODE_PATTERN, 'EXTERNAL_CODE'),
  days: z
    .string()
    .transform((value) => value.split(/[,，;；\s]+/).filter(Boolean))
    .refine((days) => days.every((day) => DAY_PATTERN.test(day) && z.iso.date().safeParse(day).success), 'DAYS')
    .transform((days) => [...new Set(days)].sort()),
  batch: plainText('BATCH')
    .trim()
    .max(BATCH_NAME_MAX_LENGTH, 'BATCH')
    .transform((value) => value || null),
});
export type TImportedTicketRow = z.output<typeof ZImportedTicketRow>;

/** A row's cells as a ticket, or the first problem with it (the schema's messages are the problems). */
export function parseImportedTicketRow(cells: readonly string[]): { ticket: TImportedTicketRow } | { problem: TicketImportRowProblem } {
  const raw = Object.fromEntries(TICKET_IMPORT_COLUMNS.map((column, index) => [column, cells[index] ?? '']));
  const parsed = ZImportedTicketRow.safeParse(raw);
  if (parsed.success) return { ticket: parsed.data };
  const problem = parsed.error.issues[0]?.message;
  return { problem: (TICKET_IMPORT_ROW_PROBLEMS as readonly string[]).includes(problem ?? '') ? (problem as TicketImportRowProblem) : 'EXTERNAL_CODE' };
}

export const ZTicketImportQuery = z.object({
  /** The batch of rows whose own batch cell is empty. */
  batch: plainText('VALIDATION_FAILED').trim().max(BATCH_NAME_MAX_LENGTH, code('VALIDATION_FAILED')).optional(),
  mode: z.enum(IMPORT_MODES).default('ALL_OR_NOTHING'),
});
export type TTicketImportQuery = z.output<typeof ZTicketImportQuery>;

const booleanOf = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** The list's filter from an export link's query string (empty values are no filter). */
export function ticketFilterFromQuery(query: Record<string, string | undefined>): unknown {
  const value = (name: string) => (query[name]?.trim() ? query[name] : undefined);
  return { kind: value('kind'), status: value('status'), day: value('day'), admitted: booleanOf(query.admitted), faceChecked: booleanOf(query.faceChecked), keyword: value('keyword') };
}

/** The filter as a query string (the export link, the page's URL). */
export function ticketFilterToSearch(filter: TTicketFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  return params.toString();
}

/** Whether a query-string value names a kind or a status (the page's URL state). */
export const isTicketKind = (value: string | null): value is (typeof TICKET_KINDS)[number] => (TICKET_KINDS as readonly string[]).includes(value ?? '');
export const isTicketStatus = (value: string | null): value is (typeof TICKET_STATUSES)[number] => (TICKET_STATUSES as readonly string[]).includes(value ?? '');
