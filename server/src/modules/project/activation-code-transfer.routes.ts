import type { FastifyInstance } from 'fastify';
import { registerImportRoute } from '../../lib/spreadsheet-import';
import { sendExport } from '../../lib/xlsx-stream';
import { localeOfRequest } from '../../lib/request-locale';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { activationCodeFilterFromQuery, ZActivationCodeFilter, ZImportQuery } from '@portal/shared/activation-code/activation-code.schema';
import { parseInput } from '../../lib/validation';

export const ACTIVATION_CODE_EXPORT_PATH = '/apis/files/exports/activation-codes.xlsx';
export const ACTIVATION_CODE_IMPORT_PATH = '/apis/files/imports/activation-codes';

/**
 * The project section's activation-code files (ROLE_PROJECT, audited):
 * - GET  …/exports/activation-codes.xlsx?status=…&batch=…&keyword=…: the filtered list, streamed;
 * - POST …/imports/activation-codes?batch=…&mode=ALL_OR_NOTHING|GOOD_ROWS_ONLY, the body the xlsx or
 *   csv file itself (its content type says which): read as it arrives; the answer is NDJSON, a
 *   progress line every few thousand rows and the report last (or an error line).
 */
export async function registerActivationCodeTransferRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>(ACTIVATION_CODE_EXPORT_PATH, async (request, reply) => {
    const { activationCodeOffice, exportSlots } = app.services;
    const exportRequest = activationCodeOffice.exportFilter(await viewerOfRequest(app.services, request), parseInput(ZActivationCodeFilter, activationCodeFilterFromQuery(request.query)));
    const locale = localeOfRequest(request);
    return sendExport(request, reply, exportSlots, { owner: exportRequest.actorId, names: activationCodeOffice.fileNames(locale) }, (output) => activationCodeOffice.writeXlsx(output, exportRequest, locale, originOfRequest(request)));
  });

  await registerImportRoute(app, {
    path: ACTIVATION_CODE_IMPORT_PATH,
    invalidFile: 'CDK_IMPORT_FILE_INVALID',
    authorise: async (request) => app.services.activationCodeOffice.importOptions(await viewerOfRequest(app.services, request), parseInput(ZImportQuery, request.query)),
    run: (options, file, request, send) => app.services.activationCodeOffice.import(options, file, originOfRequest(request), send),
  });
}
