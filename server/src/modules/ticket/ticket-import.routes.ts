import type { FastifyInstance } from 'fastify';
import { ZTicketImportQuery } from '@portal/shared/ticket/ticket-office.schema';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { registerImportRoute } from '../../lib/spreadsheet-import';
import { parseInput } from '../../lib/validation';

export const TICKET_IMPORT_PATH = '/apis/files/imports/tickets';

/**
 * POST …/imports/tickets?batch=…&mode=ALL_OR_NOTHING|GOOD_ROWS_ONLY (ROLE_SUPER_ADMIN or ROLE_TICKET):
 * the body is the xlsx or csv file itself; the answer NDJSON progress lines, then the report.
 */
export function registerTicketImportRoutes(app: FastifyInstance) {
  return registerImportRoute(app, {
    path: TICKET_IMPORT_PATH,
    invalidFile: 'TICKET_IMPORT_FILE_INVALID',
    authorise: async (request) => app.services.ticketOffice.importOptions(await viewerOfRequest(app.services, request), parseInput(ZTicketImportQuery, request.query)),
    run: (options, file, request, send) => app.services.ticketOffice.import(options, file, originOfRequest(request), send),
  });
}
