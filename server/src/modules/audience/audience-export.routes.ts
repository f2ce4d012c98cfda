import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { localeOfRequest } from '../../lib/request-locale';
import { sessionIdOf } from '../auth/session-cookie';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266 / RFC 5987: an ASCII fallback and the UTF-8 name. */
function contentDisposition(names: { ascii: string; localised: string }) {
  const encoded = encodeURIComponent(names.localised).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${names.ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET /apis/files/exports/audiences.xlsx?statuses=WAIT,DONE&visitDate=…: the approval list as a
 * streamed workbook, for reviewers only; every export is audited (action audience.export).
 */
export async function registerAudienceExportRoutes(app: FastifyInstance) {
  app.get('/apis/files/exports/audiences.xlsx', async (request, reply) => {
    const { audienceExport, auth, audit } = app.services;
    const viewer = await audienceExport.authorize((await auth.viewerOf(sessionIdOf(request)))?.viewer);
    const input = audienceExport.parseQuery(request.query);
    const locale = localeOfRequest(request);
    const output = new PassThrough();
    // A client that goes away ends the export at the next batch instead of leaving it waiting to write.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) output.destroy();
    });
    audienceExport
      .write(output, input, locale, (rows) =>
        audit.record(request, { actorId: viewer.id, action: 'audience.export', subjectType: 'audience', detail: { filter: input.filter, sort: input.sort, rows, locale } }),
      )
      .catch((error: unknown) => {
        // The headers are gone: the only way to tell the client is to break the download.
        request.log.error({ err: error }, 'audience export failed');
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(audienceExport.fileNames(locale)))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(output);
  });
}
