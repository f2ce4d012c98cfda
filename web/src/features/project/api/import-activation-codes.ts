import type { ImportMode, ImportRowProblem } from '@portal/shared/activation-code/activation-code.schema';
import { importSpreadsheet } from '../../../lib/spreadsheet-import';

export const IMPORT_PATH = '/apis/files/imports/activation-codes';

/** Imports a file of codes into a batch (NDJSON progress, then the report). */
export function importActivationCodes(file: File, options: { batch: string; mode: ImportMode }, onProgress: (rows: number) => void) {
  return importSpreadsheet<ImportRowProblem>(IMPORT_PATH, file, options, 'CDK_IMPORT_FILE_INVALID', onProgress);
}
