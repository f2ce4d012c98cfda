/**
 * The exhibitor list's import (docs/decisions/0418-exhibitor-import-export.md): its columns and per-row problems,
 * and a row read with the organizer's create schema.
 */
import { z } from 'zod';
import { IMPORT_MODES } from '../activation-code/activation-code.schema';
import type { ErrorCode } from '../errors/error-codes';
import { IMPORT_CELL_PROBLEMS } from '../spreadsheet/spreadsheet-import';
import { BOOTH_TYPES, type BoothType } from './badge-quota';
import { ZCreateExhibitorInput, type TCreateExhibitorInput } from './exhibitor.schema';

/** The import's columns, A to H (a first row that is no company is a header). */
export const EXHIBITOR_IMPORT_COLUMNS = ['nameZh', 'nameEn', 'bootNumber', 'boothArea', 'boothType', 'contactName', 'contactMobile', 'contactEmail'] as const;
/** One import creates at most this many companies (a large show has about a thousand). */
export const MAX_EXHIBITOR_IMPORT_ROWS = 2_000;

/** Why a row is skipped; the cell problems are the spreadsheet reader's. */
export const EXHIBITOR_IMPORT_ROW_PROBLEMS = [
  'NAME_ZH',
  'NAME_EN',
  'BOOTH',
  'AREA',
  'BOOTH_TYPE',
  'CONTACT',
  'MOBILE',
  'EMAIL',
  'IDENTITY_REQUIRED',
  'DUPLICATE_IN_FILE',
  'IDENTITY_TAKEN',
  ...IMPORT_CELL_PROBLEMS,
] as const;
export type ExhibitorImportRowProblem = (typeof EXHIBITOR_IMPORT_ROW_PROBLEMS)[number];

/** The create schema's codes as row problems, and the column each is in (1-based). */
const PROBLEM_OF_CODE: Partial<Record<ErrorCode, ExhibitorImportRowProblem>> = {
  EXHIBITOR_NAME_ZH_INVALID: 'NAME_ZH',
  EXHIBITOR_NAME_EN_INVALID: 'NAME_EN',
  EXHIBITOR_BOOTH_INVALID: 'BOOTH',
  EXHIBITOR_AREA_INVALID: 'AREA',
  EXHIBITOR_BOOTH_TYPE_INVALID: 'BOOTH_TYPE',
  EXHIBITOR_CONTACT_INVALID: 'CONTACT',
  EXHIBITOR_MOBILE_INVALID: 'MOBILE',
  AUTH_INVALID_EMAIL: 'EMAIL',
  EXHIBITOR_IDENTITY_REQUIRED: 'IDENTITY_REQUIRED',
};
export const COLUMN_OF_PROBLEM: Record<ExhibitorImportRowProblem, number> = {
  NAME_ZH: 1,
  NAME_EN: 2,
  BOOTH: 3,
  AREA: 4,
  BOOTH_TYPE: 5,
  CONTACT: 6,
  MOBILE: 7,
  EMAIL: 8,
  IDENTITY_REQUIRED: 8,
  DUPLICATE_IN_FILE: 8,
  IDENTITY_TAKEN: 8,
  ERROR_CELL: 1,
  BOOLEAN_CELL: 1,
};

/** A booth type as a sheet may write it: the code, or its name in either language. */
const BOOTH_TYPE_NAMES: Record<string, BoothType> = {
  光地: 'RAW_SPACE',
  'raw space': 'RAW_SPACE',
  标准展位: 'SHELL_SCHEME',
  标摊: 'SHELL_SCHEME',
  'shell scheme': 'SHELL_SCHEME',
  角位: 'CORNER',
  corner: 'CORNER',
  岛位: 'ISLAND',
  island: 'ISLAND',
};

function boothTypeOf(cell: string): string | null {
  const text = cell.trim();
  if (!text) return null;
  const code = text.toUpperCase().replace(/[\s-]+/g, '_');
  if ((BOOTH_TYPES as readonly string[]).includes(code)) return code;
  return BOOTH_TYPE_NAMES[text.toLowerCase()] ?? text;
}

/** "36", "36.5", "36 m²", "36㎡", "36平方米": square metres; empty is unknown; anything else stays text (refused). */
function areaOf(cell: string): number | string | null {
  const text = cell.trim().replace(/\s*(m²|m2|㎡|平方米)$/i, '');
  if (!text) return null;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** A row's cells as the organizer's create input, or the first problem with it and its column. */
export function parseImportedExhibitorRow(cells: readonly string[]): { company: TCreateExhibitorInput } | { problem: ExhibitorImportRowProblem; column: number } {
  const cell = (index: number) => cells[index] ?? '';
  const raw = {
    nameZh: cell(0),
    nameEn: cell(1),
    bootNumber: cell(2),
    boothArea: areaOf(cell(3)),
    boothType: boothTypeOf(cell(4)),
    contactName: cell(5),
    contactMobile: cell(6),
    contactEmail: cell(7),
  };
  const parsed = ZCreateExhibitorInput.safeParse(raw);
  if (parsed.success) return { company: parsed.data };
  const issue = parsed.error.issues[0];
  const problem = PROBLEM_OF_CODE[issue?.message as ErrorCode] ?? problemOfPath(String(issue?.path[0] ?? ''));
  return { problem, column: COLUMN_OF_PROBLEM[problem] };
}

/** A type mismatch (a number where text is wanted) names its field's problem. */
function problemOfPath(path: string): ExhibitorImportRowProblem {
  const index = (EXHIBITOR_IMPORT_COLUMNS as readonly string[]).indexOf(path);
  return (['NAME_ZH', 'NAME_EN', 'BOOTH', 'AREA', 'BOOTH_TYPE', 'CONTACT', 'MOBILE', 'EMAIL'] as const)[index] ?? 'NAME_ZH';
}

export const ZExhibitorImportQuery = z.object({ mode: z.enum(IMPORT_MODES).default('ALL_OR_NOTHING') });
export type TExhibitorImportQuery = z.output<typeof ZExhibitorImportQuery>;
