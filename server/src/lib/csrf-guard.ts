import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { AppError } from './app-error';
import { localeOfRequest } from './request-locale';

/** Header the SPA sends on every call; a cross-site form, image or link cannot set it. */
export const CLIENT_HEADER = 'x-portal-client';

/**
 * How a route is guarded (route `config.csrf`):
 * - 'rest' (default): GET/HEAD/OPTIONS are reads (pictures open from <img>, downloads from links);
 *   every other method is checked.
 * - 'graphql': GET is checked too (a query may be sent by any <img> or link), OPTIONS is not.
 * - false: not a browser endpoint (e.g. a device API authenticated by its own token).
 */
export type CsrfMode = 'rest' | 'graphql' | false;

declare module 'fastify' {
  interface FastifyContextConfig {
    csrf?: CsrfMode;
  }
}

/** Content types a browser sends cross-site without a CORS preflight (besides none at all). */
const PREFLIGHT_FREE_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/** A request a browser could have sent from another site without asking first (Apollo's CSRF rule). */
function sendableWithoutPreflight(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return !type || PREFLIGHT_FREE_TYPES.has(type);
}

function isForeignOrigin(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (allowedOrigins.has(origin)) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/**
 * CSRF guard, attached to every route when it is registered (so it runs for whatever spelling of the
 * path the router matched, e.g. `/%61pis/auth/login`). A request a browser can send cross-site
 * without a preflight must carry `x-portal-client`; a JSON POST needs no header (it cannot be sent
 * cross-site without a preflight, which we never grant beyond CORS_ORIGINS). When the browser names
 * an Origin, it must be ours or an allowed one. SameSite=Lax on the session cookie is the second layer.
 */
export function attachCsrfGuard(app: FastifyInstance, allowedOrigins: ReadonlySet<string>) {
  // A callback hook, not an async one: no promise and no extra turn a request (a refusal ends the request).
  const guard = (mode: Exclude<CsrfMode, false>): onRequestHookHandler =>
    function csrfGuard(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      if (request.method === 'OPTIONS' || (mode === 'rest' && (request.method === 'GET' || request.method === 'HEAD'))) return done();
      const refused = isForeignOrigin(request, allowedOrigins) || (sendableWithoutPreflight(request) && !request.headers[CLIENT_HEADER]);
      if (!refused) return done();
      const error = new AppError('CSRF_REJECTED');
      reply.code(error.httpStatus).send(error.toBody(localeOfRequest(request)));
    };
  app.addHook('onRoute', (route) => {
    const mode = route.config?.csrf ?? 'rest';
    if (mode === false) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard(mode), ...existing];
  });
}
