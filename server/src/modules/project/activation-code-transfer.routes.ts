import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { sendXlsx } from '../../lib/xlsx-stream';
import { localeOfRequest } from '../../lib/request-locale';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { activationCodeFilterFromQuery } from '@portal/shared/activation-code/activation-code.schema';

export const ACTIVATION_CODE_EXPORT_PATH = '/apis/files/exports/activation-codes.xlsx';
export const ACTIVATION_CODE_IMPORT_PATH = '/apis/files/imports/activation-codes';
const FORMATS = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv' } as const;

/**
 * The project section's activation-code files (ROLE_PROJECT, audited):
 * - GET  …/exports/activation-codes.xlsx?status=…&batch=…&keyword=…: the filtered list, streamed;
 * - POST …/imports/activation-codes?batch=…&mode=ALL_OR_NOTHING|GOOD_ROWS_ONLY, the body the xlsx or
 *   csv file itself (its content type says which): read as it arrives; the answer is NDJSON, a
 *   progress line every few thousand rows and the report last (or an error line).
 */
export async function registerActivationCodeTransferRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>(ACTIVATION_CODE_EXPORT_PATH, async (request, reply) => {
    const { activationCodeOffice } = app.services;
    const exportRequest = activationCodeOffice.exportFilter(await viewerOfRequest(app.services, request), activationCodeFilterFromQuery(request.query));
    const locale = localeOfRequest(request);
    return sendXlsx(request, reply, activationCodeOffice.fileNames(locale), (output) => activationCodeOffice.writeXlsx(output, exportRequest, locale, originOfRequest(request)));
  });

  await app.register(async (scope) => {
    // The file is read as a stream: no parser buffers it.
    for (const type of Object.values(FORMATS)) scope.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    scope.post<{ Querystring: Record<string, string | undefined> }>(ACTIVATION_CODE_IMPORT_PATH, async (request, reply) => {
      const { activationCodeOffice } = app.services;
      const options = activationCodeOffice.importOptions(await viewerOfRequest(app.services, request), request.query);
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim();
      const format = contentType === FORMATS.csv ? 'csv' : contentType === FORMATS.xlsx ? 'xlsx' : undefined;
      if (!format) throw new AppError('CDK_IMPORT_FILE_INVALID');
      reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      const send = (line: unknown) => reply.raw.write(`${JSON.stringify(line)}\n`);
      try {
        await activationCodeOffice.import(options, { stream: request.body as Readable, format }, originOfRequest(request), send);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'activation code import failed');
        send({ type: 'error', code });
      }
      reply.raw.end();
      return reply;
    });
  });
}
