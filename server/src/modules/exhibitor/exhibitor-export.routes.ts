import type { FastifyInstance } from 'fastify';
import { shanghaiDate } from '@portal/shared/dates';
import { ZExhibitorListInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { requireViewer } from '../../lib/authorize';
import { localeOfRequest } from '../../lib/request-locale';
import { parseInput } from '../../lib/validation';
import { sendExport } from '../../lib/xlsx-stream';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { exhibitorFileNames } from './exhibitor-export';
import { requireExhibitorManager } from './exhibitor.policy';

const ZExhibitorExportQuery = ZExhibitorListInput.pick({ status: true, keyword: true });

/** GET /apis/files/exports/exhibitors.xlsx?status=&keyword=: the exhibitor section's company list; audited as `exhibitor.export`. */
export function registerExhibitorExportRoute(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>('/apis/files/exports/exhibitors.xlsx', async (request, reply) => {
    const { audit, exportSlots, exhibitors } = app.services;
    const viewer = requireExhibitorManager(requireViewer(await viewerOfRequest(app.services, request)));
    const filter = parseInput(ZExhibitorExportQuery, { status: request.query.status || null, keyword: request.query.keyword ?? null });
    const locale = localeOfRequest(request);
    return sendExport(request, reply, exportSlots, { owner: viewer.id, names: exhibitorFileNames(locale, shanghaiDate(new Date())) }, (output) =>
      exhibitors.writeExport(viewer, output, filter, locale, (rows) =>
        audit.record(originOfRequest(request), { actorId: viewer.id, action: 'exhibitor.export', subjectType: 'exhibitor', detail: { filter: { ...filter }, rows, locale } }),
      ),
    );
  });
}
