import type { ImportMode } from '@portal/shared/activation-code/activation-code.schema';
import type { TicketImportRowProblem } from '@portal/shared/ticket/ticket-office.schema';
import { importSpreadsheet } from '../../../lib/spreadsheet-import';

export const TICKET_IMPORT_PATH = '/apis/files/imports/tickets';

/** Imports tickets sold or given outside the portal (NDJSON progress, then the report). */
export function importTickets(file: File, options: { batch: string; mode: ImportMode }, onProgress: (rows: number) => void) {
  const query: Record<string, string> = { mode: options.mode };
  if (options.batch) query.batch = options.batch;
  return importSpreadsheet<TicketImportRowProblem>(TICKET_IMPORT_PATH, file, query, 'TICKET_IMPORT_FILE_INVALID', onProgress);
}
