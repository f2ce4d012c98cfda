import type { ImportMode } from '@portal/shared/activation-code/activation-code.schema';
import type { ExhibitorImportRowProblem } from '@portal/shared/exhibitor/exhibitor-import';
import { importSpreadsheet, type ImportReport } from '../../../lib/spreadsheet-import';

/** POST /apis/files/imports/exhibitors (server/src/modules/exhibitor/exhibitor-import.routes.ts). */
export const EXHIBITOR_IMPORT_PATH = '/apis/files/imports/exhibitors';

/** A company the import created, with its initial password (shown once). */
export interface ImportedCompany {
  row: number;
  nameZh: string;
  identities: string[];
  initialPassword: string;
}

export type ExhibitorImportReport = ImportReport<ExhibitorImportRowProblem> & { created?: ImportedCompany[] };

/** Imports the file: NDJSON progress, then the per-row report and the created companies. */
export function importExhibitors(file: File, mode: ImportMode, onProgress: (rows: number) => void): Promise<ExhibitorImportReport> {
  return importSpreadsheet<ExhibitorImportRowProblem>(EXHIBITOR_IMPORT_PATH, file, { mode }, 'EXHIBITOR_IMPORT_FILE_INVALID', onProgress);
}
