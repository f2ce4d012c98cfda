/**
 * What every spreadsheet import (activation codes, imported tickets) allows of an uploaded file, and the
 * per-row problems of cells that are not text. The server refuses a file past a limit with the code
 * beside it (docs/api.md lists them); the numbers are here so that the messages and the docs agree.
 */

/** The upload itself: a csv or an xlsx as sent. */
export const IMPORT_MAX_FILE_BYTES = 32 * 1024 * 1024;
/** An xlsx's parts as inflated (workbook, relations, styles, shared strings, the first worksheet), together. */
export const IMPORT_MAX_UNPACKED_BYTES = 128 * 1024 * 1024;
/** An xlsx's zip directory: more entries than any workbook has is a crafted file. */
export const IMPORT_MAX_ZIP_ENTRIES = 10_000;
/** Columns A..BL: a value beyond is refused (never expanded); empty cells beyond are ignored. */
export const IMPORT_MAX_COLUMNS = 64;
/** One cell's (csv field's) characters. */
export const IMPORT_MAX_CELL_CHARS = 4_096;
/** One csv line's or record's characters (an xlsx's longest run between two tags, likewise bounded). */
export const IMPORT_MAX_LINE_CHARS = 64 * 1024;
/** An xlsx's shared-string table: strings, and their characters together. */
export const IMPORT_MAX_SHARED_STRINGS = 500_000;
export const IMPORT_MAX_SHARED_STRING_CHARS = 16 * 1024 * 1024;
/** The report quotes this many characters of a bad cell at most (then an ellipsis). */
export const IMPORT_EXCERPT_CHARS = 64;

/** A cell that is not text, refused for its row (an error such as #REF!, or TRUE/FALSE). */
export const IMPORT_CELL_PROBLEMS = ['ERROR_CELL', 'BOOLEAN_CELL'] as const;
export type ImportCellProblem = (typeof IMPORT_CELL_PROBLEMS)[number];
