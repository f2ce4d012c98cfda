import type { FastifyInstance } from 'fastify';
import { sendExport } from '../../lib/xlsx-stream';
import { localeOfRequest } from '../../lib/request-locale';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';

/**
 * GET /apis/files/exports/audiences.xlsx?statuses=WAIT,DONE&visitDate=…: the approval list as a
 * streamed workbook, for reviewers only; every export is audited (action audience.export).
 */
export async function registerReviewExportRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>('/apis/files/exports/audiences.xlsx', async (request, reply) => {
    const { reviewExport, audit, exportSlots } = app.services;
    const viewer = reviewExport.authorize(await viewerOfRequest(app.services, request));
    const input = reviewExport.parseQuery(request.query);
    const locale = localeOfRequest(request);
    const { sort, page: _page, pageSize: _pageSize, ...filter } = input;
    return sendExport(request, reply, exportSlots, { owner: viewer.id, names: reviewExport.fileNames(locale) }, (output) =>
      reviewExport.write(output, input, locale, (rows) =>
        audit.record(originOfRequest(request), { actorId: viewer.id, action: 'audience.export', subjectType: 'audience', detail: { filter, sort, rows, locale } }),
      ),
    );
  });
}
