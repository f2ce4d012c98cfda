import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZFeedQuery, ZHeartbeat, ZOfflineScans, ZOnlineScan, ZPhotoTicketId } from '@portal/shared/entrance/entrance.schema';
import { parseInput } from '../../lib/validation';
import { AppError } from '../../lib/app-error';
import { sendPrivateFile } from '../../http/send-private-file';
import type { AuthenticatedDevice } from './entrance.models';

export const DEVICE_API_PREFIX = '/apis/hardware/v1';
/**
 * The bearer token is the only credential (no cookie is read): the CSRF guard has nothing to protect.
 * Thousands of scans a minute at opening: no per-request log lines below warn.
 */
const DEVICE_ROUTE = { config: { csrf: false }, logLevel: 'warn' } as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The device the call's bearer token names (set by the device API's own hook). */
    device?: AuthenticatedDevice;
  }
}

/** Scan answers go out as the JSON text stored with them: a retry gets the same bytes. */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

function deviceOf(request: FastifyRequest): AuthenticatedDevice {
  if (!request.device) throw new AppError('DEVICE_TOKEN_INVALID');
  return request.device;
}

/**
 * The device API (docs/api.md § Device API): every call names its device by its bearer token, looked
 * up before the route runs. A device reads nothing but its own feed and the photos of tickets it scanned.
 */
export async function registerDeviceRoutes(app: FastifyInstance) {
  await app.register(
    async (scope) => {
      scope.decorateRequest('device', undefined);
      scope.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          request.device = await app.services.entrance.authenticate(request.headers.authorization);
        } catch (error) {
          reply.header('www-authenticate', 'Bearer');
          throw error;
        }
      });

      scope.post('/scan', DEVICE_ROUTE, async (request, reply) => {
        const { scanId, qr } = parseInput(ZOnlineScan, request.body);
        return sendJson(reply, await app.services.entrance.scan(deviceOf(request), { scanId, qr, at: new Date(app.services.clock.now()), offline: false }));
      });

      scope.post('/scans', DEVICE_ROUTE, async (request, reply) => {
        const { scans } = parseInput(ZOfflineScans, request.body);
        const results = await app.services.entrance.uploadScans(
          deviceOf(request),
          scans.map(({ scanId, qr, at, admitted }) => ({ scanId, qr, at: new Date(at), offline: true, deviceAdmitted: admitted })),
        );
        return sendJson(reply, `{"results":[${results.join(',')}]}`);
      });

      scope.get('/sync', DEVICE_ROUTE, async (request) => {
        const { since } = parseInput(ZFeedQuery, request.query);
        return app.services.entrance.feed(deviceOf(request), since);
      });

      scope.post('/heartbeat', DEVICE_ROUTE, async (request) => {
        const { clock, feedVersion, queuedScans } = parseInput(ZHeartbeat, request.body);
        return app.services.entrance.heartbeat(deviceOf(request), { clock: new Date(clock), feedVersion, queuedScans });
      });

      scope.get<{ Params: { ticketId: string } }>('/photos/:ticketId', DEVICE_ROUTE, async (request, reply) =>
        sendPrivateFile(reply, await app.services.entrance.holderPhoto(deviceOf(request), parseInput(ZPhotoTicketId, request.params.ticketId))),
      );
    },
    { prefix: DEVICE_API_PREFIX },
  );
}
