import type { FastifyInstance } from 'fastify';
import { exhibitorFilterFromQuery, ZExhibitorExportFilter, ZExhibitorImportQuery } from '@portal/shared/exhibitor/exhibitor-transfer';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { localeOfRequest } from '../../lib/request-locale';
import { registerImportRoute } from '../../lib/spreadsheet-import';
import { parseInput } from '../../lib/validation';
import { sendExport } from '../../lib/xlsx-stream';

export const EXHIBITOR_IMPORT_PATH = '/apis/files/imports/exhibitors';
export const EXHIBITOR_EXPORT_PATH = '/apis/files/exports/exhibitors.xlsx';

/**
 * POST …/imports/exhibitors?mode=ALL_OR_NOTHING|GOOD_ROWS_ONLY (ROLE_SUPER_ADMIN or ROLE_EXHIBITOR): the body is
 * the xlsx or csv file itself; the answer NDJSON progress lines, then the report with the created companies'
 * initial passwords. GET …/exports/exhibitors.xlsx?status=…&keyword=…: the filtered list, streamed, its rows in
 * `X-Total-Count`; audited (exhibitor.export).
 */
export async function registerExhibitorTransferRoutes(app: FastifyInstance) {
  await registerImportRoute(app, {
    path: EXHIBITOR_IMPORT_PATH,
    invalidFile: 'EXHIBITOR_IMPORT_FILE_INVALID',
    authorise: async (request) => app.services.exhibitorTransfer.importOptions(await viewerOfRequest(app.services, request), parseInput(ZExhibitorImportQuery, request.query)),
    run: (options, file, request, send) => app.services.exhibitorTransfer.import(options, file, originOfRequest(request), send),
  });
  app.get<{ Querystring: Record<string, string | undefined> }>(EXHIBITOR_EXPORT_PATH, async (request, reply) => {
    const { exhibitorTransfer, exportSlots } = app.services;
    const exportRequest = exhibitorTransfer.exportFilter(await viewerOfRequest(app.services, request), parseInput(ZExhibitorExportFilter, exhibitorFilterFromQuery(request.query)));
    const locale = localeOfRequest(request);
    const rows = await exhibitorTransfer.count(exportRequest.filter);
    return sendExport(request, reply, exportSlots, { owner: exportRequest.actorId, names: exhibitorTransfer.fileNames(locale), totalRows: rows }, (output) =>
      exhibitorTransfer.writeXlsx(output, exportRequest, locale, originOfRequest(request)),
    );
  });
}
