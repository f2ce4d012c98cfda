import type { FastifyInstance } from 'fastify';
import { submissionListFromQuery, ZSubmissionListInput } from '@portal/shared/submission/submission.schema';
import { requireViewer } from '../../lib/authorize';
import { localeOfRequest } from '../../lib/request-locale';
import { parseInput } from '../../lib/validation';
import { sendExport } from '../../lib/xlsx-stream';
import type { Services } from '../../services';
import type { SubmissionRow } from '../../lib/submission-tables';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import type { SubmissionExportService } from './submission-export.service';

/**
 * GET /apis/files/exports/<file>.xlsx?status=&exhibitorId=&submittedFrom=&submittedTo=: a filing queue as
 * a streamed workbook — the organizers' filtered queue, or an exhibitor's own list; audited as `<kind>.export`.
 */
export function registerSubmissionExportRoute<TRow extends SubmissionRow, TColumn extends string>(
  app: FastifyInstance,
  file: 'catalog' | 'banners' | 'products',
  exporterOf: (services: Services) => SubmissionExportService<TRow, TColumn>,
) {
  app.get<{ Querystring: Record<string, string | undefined> }>(`/apis/files/exports/${file}.xlsx`, async (request, reply) => {
    const { audit, exportSlots } = app.services;
    const exporter = exporterOf(app.services);
    const viewer = await viewerOfRequest(app.services, request);
    const filter = await exporter.conditionsFor(viewer, parseInput(ZSubmissionListInput, submissionListFromQuery(request.query)));
    const locale = localeOfRequest(request);
    const { kind } = exporter.sheet;
    return sendExport(request, reply, exportSlots, { owner: requireViewer(viewer).id, names: exporter.fileNames(locale) }, (output) =>
      exporter.write(output, filter, locale, (rows) =>
        audit.record(originOfRequest(request), { actorId: viewer?.id ?? null, action: `${kind}.export`, subjectType: kind, detail: { filter: { ...filter }, rows, locale } }),
      ),
    );
  });
}
