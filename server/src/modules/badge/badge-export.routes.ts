import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badgeFilterFromQuery, ZBadgeFilter } from '@portal/shared/badge/badge.schema';
import { parseInput } from '../../lib/validation';
import { sendExport, XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream';
import { localeOfRequest } from '../../lib/request-locale';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';

const CONTENT_TYPES = { xlsx: XLSX_CONTENT_TYPE, zip: 'application/zip' } as const;

/**
 * GET /apis/files/exports/badges.xlsx and badges.zip?status=…&createdFrom=…&createdTo=…&exhibitorId=…:
 * the badge list as a streamed workbook, or a zip of the workbook and the entry-card photos. An
 * exhibitor's export is always its own company's; organizers need the exhibitor section's roles.
 * Every export is audited (badge.export). `X-Total-Count` holds the number of rows (a zip holds as many
 * photos at most), sent with the headers so that the download can show its progress.
 */
export async function registerBadgeExportRoutes(app: FastifyInstance) {
  const send = async (request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>, reply: FastifyReply, kind: 'xlsx' | 'zip') => {
    const { badges, badgeExport, audit, exportSlots } = app.services;
    const { actorId, filter } = badges.exportFilter(await viewerOfRequest(app.services, request), parseInput(ZBadgeFilter, badgeFilterFromQuery(request.query)));
    const locale = localeOfRequest(request);
    const rows = await badges.count(filter);
    const record = (rows: number, photos?: number) =>
      audit.record(originOfRequest(request), { actorId, action: 'badge.export', subjectType: 'badge', detail: { kind, filter, rows, photos, locale } }).then(() => undefined);
    return sendExport(request, reply, exportSlots, { owner: actorId, names: badgeExport.fileNames(locale, kind), contentType: CONTENT_TYPES[kind], totalRows: rows }, (output) =>
      kind === 'xlsx' ? badgeExport.writeXlsx(output, filter, locale, record) : badgeExport.writeZip(output, filter, locale, record),
    );
  };
  app.get<{ Querystring: Record<string, string | undefined> }>('/apis/files/exports/badges.xlsx', (request, reply) => send(request, reply, 'xlsx'));
  app.get<{ Querystring: Record<string, string | undefined> }>('/apis/files/exports/badges.zip', (request, reply) => send(request, reply, 'zip'));
}
