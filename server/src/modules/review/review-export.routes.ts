import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { localeOfRequest } from '../../lib/request-locale';
import { contentDisposition } from '../../lib/export-stream';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /apis/files/exports/audiences.xlsx?statuses=WAIT,DONE&visitDate=…: the approval list as a
 * streamed workbook, for reviewers only; every export is audited (action audience.export).
 */
export async function registerReviewExportRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>('/apis/files/exports/audiences.xlsx', async (request, reply) => {
    const { reviewExport, audit } = app.services;
    const viewer = reviewExport.authorize(await viewerOfRequest(app.services, request));
    const input = reviewExport.parseQuery(request.query);
    const locale = localeOfRequest(request);
    const output = new PassThrough();
    // A client that goes away ends the export at the next batch instead of leaving it waiting to write.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) output.destroy();
    });
    const { sort, page: _page, pageSize: _pageSize, ...filter } = input;
    reviewExport
      .write(output, input, locale, (rows) =>
        audit.record(originOfRequest(request), { actorId: viewer.id, action: 'audience.export', subjectType: 'audience', detail: { filter, sort, rows, locale } }),
      )
      .catch((error: unknown) => {
        // The headers are gone: the only way to tell the client is to break the download.
        request.log.error({ err: error }, 'audience export failed');
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(reviewExport.fileNames(locale)))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(output);
  });
}
