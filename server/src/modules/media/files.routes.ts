import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { viewerOfRequest, originOfRequest } from '../../http/request-viewer';
import { sendPrivateFile } from '../../http/send-private-file';
import { RangeNotSatisfiableError, type ByteRange } from './file-store';

/** One `bytes=start-end` or `bytes=start-` range; anything else (several ranges, suffix ranges) is answered whole, as RFC 9110 allows. */
function byteRangeOf(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : Number.MAX_SAFE_INTEGER;
  return end >= start ? { start, end } : undefined;
}

/**
 * Authorised downloads of stored pictures: the session decides, the response is never cached by a
 * shared cache, and every organizer view of a visitor's photo is audited (PIPL).
 */
export async function registerFileRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/apis/files/photos/:id', async (request, reply) => {
    const viewer = await viewerOfRequest(app.services, request);
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    const { photo, audited } = await app.services.photos.readable(viewer, request.params.id);
    const file = await app.services.photos.open(photo, byteRangeOf(request.headers.range)).catch((error: unknown) => {
      throw error instanceof RangeNotSatisfiableError ? new AppError('RANGE_NOT_SATISFIABLE') : error;
    });
    if (!file) throw new AppError('NOT_FOUND');
    if (audited) await app.services.audit.record(originOfRequest(request), { actorId: viewer.id, action: 'photo.view', subjectType: 'photo', subjectId: photo.id });
    return sendPrivateFile(reply, file);
  });
}
