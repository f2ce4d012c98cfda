import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badgeFilterFromQuery } from '@portal/shared/badge/badge.schema';
import { contentDisposition } from '../../lib/xlsx-stream';
import { localeOfRequest } from '../../lib/request-locale';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';

const CONTENT_TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', zip: 'application/zip' } as const;

/**
 * GET /apis/files/exports/badges.xlsx and badges.zip?status=…&createdFrom=…&createdTo=…&exhibitorId=…:
 * the badge list as a streamed workbook, or a zip of the workbook and the entry-card photos. An
 * exhibitor's export is always its own company's; organizers need the exhibitor section's roles.
 * Every export is audited (badge.export). `X-Total-Count` holds the number of rows (a zip holds as many
 * photos at most), sent with the headers so that the download can show its progress.
 */
export async function registerBadgeExportRoutes(app: FastifyInstance) {
  const send = async (request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>, reply: FastifyReply, kind: 'xlsx' | 'zip') => {
    const { badges, badgeExport, audit } = app.services;
    const { actorId, filter } = badges.exportFilter(await viewerOfRequest(app.services, request), badgeFilterFromQuery(request.query));
    const locale = localeOfRequest(request);
    // The size of a streamed file is unknown until it ends; the row count lets the browser show progress.
    const rows = await badges.count(filter);
    const output = new PassThrough();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) output.destroy();
    });
    const record = (rows: number, photos?: number) =>
      audit.record(originOfRequest(request), { actorId, action: 'badge.export', subjectType: 'badge', detail: { kind, filter, rows, photos, locale } }).then(() => undefined);
    const written = kind === 'xlsx' ? badgeExport.writeXlsx(output, filter, locale, record) : badgeExport.writeZip(output, filter, locale, record);
    written.catch((error: unknown) => {
      // The headers are gone: the only way to tell the client is to break the download.
      request.log.error({ err: error }, 'badge export failed');
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-type', CONTENT_TYPES[kind])
      .header('content-disposition', contentDisposition(badgeExport.fileNames(locale, kind)))
      .header('cache-control', 'private, no-store')
      .header('x-total-count', String(rows))
      .header('x-content-type-options', 'nosniff')
      .send(output);
  };
  app.get<{ Querystring: Record<string, string | undefined> }>('/apis/files/exports/badges.xlsx', (request, reply) => send(request, reply, 'xlsx'));
  app.get<{ Querystring: Record<string, string | undefined> }>('/apis/files/exports/badges.zip', (request, reply) => send(request, reply, 'zip'));
}
