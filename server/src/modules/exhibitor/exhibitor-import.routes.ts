import type { FastifyInstance } from 'fastify';
import { ZExhibitorImportQuery } from '@portal/shared/exhibitor/exhibitor-import';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { registerImportRoute } from '../../lib/spreadsheet-import';
import { parseInput } from '../../lib/validation';

export const EXHIBITOR_IMPORT_PATH = '/apis/files/imports/exhibitors';

/**
 * POST …/imports/exhibitors?mode=ALL_OR_NOTHING|GOOD_ROWS_ONLY (ROLE_SUPER_ADMIN or ROLE_EXHIBITOR): the body is
 * the xlsx or csv file itself; the answer NDJSON progress lines, then the report with the created companies'
 * initial passwords.
 */
export function registerExhibitorImportRoute(app: FastifyInstance) {
  return registerImportRoute(app, {
    path: EXHIBITOR_IMPORT_PATH,
    invalidFile: 'EXHIBITOR_IMPORT_FILE_INVALID',
    authorise: async (request) => app.services.exhibitorImport.importOptions(await viewerOfRequest(app.services, request), parseInput(ZExhibitorImportQuery, request.query)),
    run: (options, file, request, send) => app.services.exhibitorImport.import(options, file, originOfRequest(request), send),
  });
}
