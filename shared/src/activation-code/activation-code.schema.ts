/**
 * Activation codes (CDK) as the organizers manage them (/wo/project/cdk): the list filter, batch
 * generation, imported values and voiding. The alphabet leaves out characters that look alike when
 * printed (0/O, 1/I/L), so a code read off a ticket is typed right the first time.
 */
import { z } from 'zod';
import { IMPORT_CELL_PROBLEMS } from '../spreadsheet/spreadsheet-import';
import { ACTIVATION_CODE_MAX_LENGTH } from '../application/application.schema';
import type { ErrorCode } from '../errors/error-codes';
import { PAGE_SIZES, MAX_PAGE_SIZE } from '../review/audience-list';
import { plainText } from '../text';

const code = (value: ErrorCode) => ({ message: value });

export const ACTIVATION_CODE_STATUSES = ['UNUSED', 'BOUND', 'VOID'] as const;
export type ActivationCodeStatus = (typeof ACTIVATION_CODE_STATUSES)[number];

/** 31 characters: digits 2–9 and capitals without I, L and O. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Three printable groups of four: 31^12 ≈ 7.9 × 10^17 values, about 59 bits (unguessable by trying). */
export const CODE_GROUPS = 3;
export const CODE_GROUP_LENGTH = 4;
export const MAX_BATCH_SIZE = 100_000;
export const MAX_IMPORT_ROWS = 100_000;
export const BATCH_NAME_MAX_LENGTH = 40;
/** Imported codes (printed elsewhere): capitals, digits and hyphens, as the application form reads them. */
export const IMPORTED_CODE_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?$/;
export const IMPORTED_CODE_MIN_LENGTH = 6;

export const ZBatchName = plainText('CDK_BATCH_NAME_REQUIRED').trim().min(1, code('CDK_BATCH_NAME_REQUIRED')).max(BATCH_NAME_MAX_LENGTH, code('CDK_BATCH_NAME_REQUIRED'));

export const ZActivationCodeId = z.uuid(code('CDK_NOT_FOUND'));

export const ZGenerateActivationCodesInput = z.object({
  batch: ZBatchName,
  count: z.number(code('CDK_COUNT_INVALID')).int(code('CDK_COUNT_INVALID')).min(1, code('CDK_COUNT_INVALID')).max(MAX_BATCH_SIZE, code('CDK_COUNT_INVALID')),
});
export type TGenerateActivationCodesInput = z.output<typeof ZGenerateActivationCodesInput>;

/** The list's filter; the export's query string carries the same names. */
export const ZActivationCodeFilter = z.object({
  status: z.enum(ACTIVATION_CODE_STATUSES).nullish(),
  batch: plainText('VALIDATION_FAILED').trim().max(BATCH_NAME_MAX_LENGTH).nullish(),
  /** Codes starting with it, or bound to an application whose name contains it. */
  keyword: plainText('VALIDATION_FAILED').trim().max(ACTIVATION_CODE_MAX_LENGTH).nullish(),
});
export type TActivationCodeFilter = z.output<typeof ZActivationCodeFilter>;

export const ZActivationCodeListInput = z.object({
  filter: ZActivationCodeFilter.nullish().transform((value) => value ?? {}),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZES[0]),
});
export type TActivationCodeListInput = z.output<typeof ZActivationCodeListInput>;

/** The filter from an export link's query string (empty values are no filter). */
export function activationCodeFilterFromQuery(query: Record<string, string | undefined>): unknown {
  const value = (name: string) => (query[name]?.trim() ? query[name] : undefined);
  return { status: value('status'), batch: value('batch'), keyword: value('keyword') };
}

export function activationCodeFilterToSearch(filter: TActivationCodeFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.batch) params.set('batch', filter.batch);
  if (filter.keyword) params.set('keyword', filter.keyword);
  return params.toString();
}

/** Why an imported row cannot be taken (the report shows it per row). */
export const IMPORT_ROW_PROBLEMS = ['FORMAT', 'DUPLICATE_IN_FILE', 'EXISTS', ...IMPORT_CELL_PROBLEMS] as const;
export type ImportRowProblem = (typeof IMPORT_ROW_PROBLEMS)[number];

/** An imported cell as a code: trimmed and in capitals, or the problem with it. */
export function normaliseImportedCode(raw: string): { code: string } | { problem: 'FORMAT' } {
  const value = raw.trim().toUpperCase();
  if (value.length < IMPORTED_CODE_MIN_LENGTH || value.length > ACTIVATION_CODE_MAX_LENGTH || !IMPORTED_CODE_PATTERN.test(value)) return { problem: 'FORMAT' };
  return { code: value };
}

export const IMPORT_MODES = ['ALL_OR_NOTHING', 'GOOD_ROWS_ONLY'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const ZImportQuery = z.object({
  batch: ZBatchName,
  mode: z.enum(IMPORT_MODES).default('ALL_OR_NOTHING'),
});
export type TImportQuery = z.output<typeof ZImportQuery>;
