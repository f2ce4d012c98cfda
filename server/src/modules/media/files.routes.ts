import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { sessionIdOf } from '../auth/session-cookie';

/**
 * Authorised downloads of stored pictures: the session decides, the response is never cached by a
 * shared cache, and every organizer view of a visitor's photo is audited (PIPL).
 */
export async function registerFileRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/apis/files/photos/:id', async (request, reply) => {
    const viewer = (await app.services.auth.viewerOf(sessionIdOf(request)))?.viewer;
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    const { photo, reviewed } = await app.services.photos.readable(viewer, request.params.id);
    const file = await app.services.photos.open(photo);
    if (!file) throw new AppError('NOT_FOUND');
    if (reviewed) {
      await app.services.audit.record(request, { actorId: viewer.id, action: 'photo.view', subjectType: 'photo', subjectId: photo.id });
    }
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
