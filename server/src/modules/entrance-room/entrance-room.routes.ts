import type { FastifyInstance } from 'fastify';
import { viewerOfRequest } from '../../http/request-viewer';

export const ENTRANCE_ROOM_EVENTS_PATH = '/apis/entrance-room/events';
/** How long a browser waits before it opens the stream again (an instance closing, a network cut). */
const RECONNECT_MS = 3_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;

/**
 * GET /apis/entrance-room/events (ROLE_SUPER_ADMIN, ROLE_TICKET or ROLE_HARDWARE): the entrance room's
 * snapshots as server-sent events (`event: snapshot`). A read with the session cookie, like a download (the
 * CSRF guard lets GET through; SameSite=Lax keeps the cookie off other sites' requests); the viewer is
 * authorised by the service before the stream opens (401/403 as JSON otherwise) and again every idle
 * refresh. nginx must not buffer it (`X-Accel-Buffering: no`, and `proxy_buffering off` for the path).
 */
export async function registerEntranceRoomRoutes(app: FastifyInstance) {
  const room = app.services.entranceRoom;
  // Open streams never end by themselves: ended before the server waits for its requests (graceful shutdown).
  app.addHook('preClose', (done) => {
    room.close();
    done();
  });

  app.get(ENTRANCE_ROOM_EVENTS_PATH, { config: { securityHeaders: 'api' } }, async (request, reply) => {
    const viewer = room.open(await viewerOfRequest(app.services, request));
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write(`retry: ${RECONNECT_MS}\n\n`);
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(keepAlive);
      raw.end();
    };
    try {
      const remove = await room.watch(viewer, {
        send: (text) => void raw.write(text),
        end,
        stillAllowed: async () => {
          try {
            room.open(await viewerOfRequest(app.services, request));
            return true;
          } catch {
            return false;
          }
        },
      });
      request.raw.on('close', () => {
        remove();
        end();
      });
      if (request.raw.destroyed) {
        remove();
        end();
      }
    } catch (error) {
      request.log.error({ err: error }, 'entrance room: the first snapshot failed');
      end();
    }
  });
}
