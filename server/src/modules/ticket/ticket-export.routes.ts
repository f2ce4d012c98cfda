import type { FastifyInstance } from 'fastify';
import { ticketFilterFromQuery } from '@portal/shared/ticket/ticket-office.schema';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { localeOfRequest } from '../../lib/request-locale';
import { sendXlsx } from '../../lib/xlsx-stream';

export const TICKET_EXPORT_PATH = '/apis/files/exports/tickets.xlsx';

/**
 * GET …/exports/tickets.xlsx?kind=…&status=…&day=…&admitted=…&faceChecked=…&keyword=… (ROLE_SUPER_ADMIN
 * or ROLE_TICKET): the filtered list, streamed, its rows in `X-Total-Count`; audited (ticket.export).
 */
export function registerTicketExportRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>(TICKET_EXPORT_PATH, async (request, reply) => {
    const { ticketOffice } = app.services;
    const exportRequest = ticketOffice.exportFilter(await viewerOfRequest(app.services, request), ticketFilterFromQuery(request.query));
    const locale = localeOfRequest(request);
    const rows = await ticketOffice.count(exportRequest.filter);
    return sendXlsx(request, reply, ticketOffice.fileNames(locale), (output) => ticketOffice.writeXlsx(output, exportRequest, locale, originOfRequest(request)), rows);
  });
}
