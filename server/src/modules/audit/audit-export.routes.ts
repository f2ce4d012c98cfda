import type { FastifyInstance } from 'fastify';
import { localeOfRequest } from '../../lib/request-locale';
import { sendExport } from '../../lib/xlsx-stream';
import { requireViewer } from '../../lib/authorize';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { auditFilterFromSearch, ZAuditLogFilter } from '@portal/shared/audit/audit-log';
import { parseInput } from '../../lib/validation';

/**
 * GET /apis/files/exports/audit-log.xlsx?person=&actions=a,b&subjectType=&subjectId=&from=&to=: the
 * filtered audit log as a streamed workbook, for super administrators; the export is itself recorded.
 */
export async function registerAuditExportRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>('/apis/files/exports/audit-log.xlsx', async (request, reply) => {
    const { auditLog, audit, exportSlots } = app.services;
    const viewer = await viewerOfRequest(app.services, request);
    const query = new URLSearchParams(Object.entries(request.query).flatMap(([key, value]) => (value ? [[key, value]] : [])));
    const filter = auditLog.exportFilter(viewer, parseInput(ZAuditLogFilter, auditFilterFromSearch(query)));
    const locale = localeOfRequest(request);
    return sendExport(request, reply, exportSlots, { owner: requireViewer(viewer).id, names: auditLog.fileNames(locale) }, (output) =>
      auditLog.write(output, filter, locale, (rows) =>
        audit.record(originOfRequest(request), { actorId: viewer?.id ?? null, action: 'audit.export', subjectType: 'audit', detail: { filter: { ...filter }, rows, locale } }),
      ),
    );
  });
}
