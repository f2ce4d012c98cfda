import { ticketFilterToSearch } from '@portal/shared/ticket/ticket-office.schema';
import type { TTicketFilter } from '@portal/shared/ticket/ticket.schema';
import { downloadWithProgress, saveBlob, type DownloadProgress } from '../../../lib/download';

export const TICKET_EXPORT_PATH = '/apis/files/exports/tickets.xlsx';

/** Downloads the filtered list as the server streams it (progress against X-Total-Count), then saves it. */
export async function exportTickets(filter: TTicketFilter, onProgress: (progress: DownloadProgress) => void) {
  const search = ticketFilterToSearch(filter);
  saveBlob(await downloadWithProgress(search ? `${TICKET_EXPORT_PATH}?${search}` : TICKET_EXPORT_PATH, onProgress));
}
