import type { FastifyInstance } from 'fastify';
import { ticketFilterFromQuery } from '@portal/shared/ticket/ticket-office.schema';
import { ZTicketFilter } from '@portal/shared/ticket/ticket.schema';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { localeOfRequest } from '../../lib/request-locale';
import { parseInput } from '../../lib/validation';
import { sendExport } from '../../lib/xlsx-stream';

export const TICKET_EXPORT_PATH = '/apis/files/exports/tickets.xlsx';

/**
 * GET …/exports/tickets.xlsx?kind=…&status=…&day=…&admitted=…&faceChecked=…&keyword=… (ROLE_SUPER_ADMIN
 * or ROLE_TICKET): the filtered list, streamed, its rows in `X-Total-Count`; audited (ticket.export).
 */
export function registerTicketExportRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>(TICKET_EXPORT_PATH, async (request, reply) => {
    const { ticketOffice, exportSlots } = app.services;
    const exportRequest = ticketOffice.exportFilter(await viewerOfRequest(app.services, request), parseInput(ZTicketFilter, ticketFilterFromQuery(request.query)));
    const locale = localeOfRequest(request);
    const rows = await ticketOffice.count(exportRequest.filter);
    return sendExport(request, reply, exportSlots, { owner: exportRequest.actorId, names: ticketOffice.fileNames(locale), totalRows: rows }, (output) =>
      ticketOffice.writeXlsx(output, exportRequest, locale, originOfRequest(request)),
    );
  });
}
