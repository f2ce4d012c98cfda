import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZGroupImportQuery } from '@portal/shared/visitor-group/visitor-group';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { registerImportRoute } from '../../lib/spreadsheet-import';
import { parseInput } from '../../lib/validation';

export const GROUP_IMPORT_PATH = '/apis/files/imports/group-members';

/** The portal's address as the request reached it: the invitation links point there. */
export function portalOriginOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * POST …/imports/group-members?groupId=…&mode=ALL_OR_NOTHING|GOOD_ROWS_ONLY (the group's agent or an organizer of the
 * audience section): the body is the xlsx or csv file itself; the answer NDJSON progress lines, then the report.
 */
export function registerVisitorGroupRoutes(app: FastifyInstance) {
  return registerImportRoute(app, {
    path: GROUP_IMPORT_PATH,
    invalidFile: 'GROUP_IMPORT_FILE_INVALID',
    authorise: async (request) => app.services.visitorGroups.importOptions(await viewerOfRequest(app.services, request), parseInput(ZGroupImportQuery, request.query), portalOriginOf(request)),
    run: (options, file, request, send) => app.services.visitorGroups.importMembers(options, file, originOfRequest(request), send),
  });
}
