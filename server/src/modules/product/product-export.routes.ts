import type { FastifyInstance } from 'fastify';
import { localeOfRequest } from '../../lib/request-locale';
import { sendExport } from '../../lib/xlsx-stream';
import { parseInput } from '../../lib/validation';
import { submissionListFromQuery, ZSubmissionListInput } from '@portal/shared/submission/submission.schema';
import { requireViewer } from '../../lib/authorize';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';

/**
 * GET /apis/files/exports/products.xlsx?status=&exhibitorId=&submittedFrom=&submittedTo=: the product
 * applications as a streamed workbook — the organizers' filtered queue, or an exhibitor's own list.
 */
export async function registerProductExportRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>('/apis/files/exports/products.xlsx', async (request, reply) => {
    const { productExport, audit, exportSlots } = app.services;
    const viewer = await viewerOfRequest(app.services, request);
    const filter = await productExport.conditionsFor(viewer, parseInput(ZSubmissionListInput, submissionListFromQuery(request.query)));
    const locale = localeOfRequest(request);
    return sendExport(request, reply, exportSlots, { owner: requireViewer(viewer).id, names: productExport.fileNames(locale) }, (output) =>
      productExport.write(output, filter, locale, (rows) =>
        audit.record(originOfRequest(request), { actorId: viewer?.id ?? null, action: 'product.export', subjectType: 'product', detail: { filter: { ...filter }, rows, locale } }),
      ),
    );
  });
}
