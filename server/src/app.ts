import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { AppError } from './lib/app-error';
import { developmentLogging } from './lib/dev-logging';
import { localeOfRequest } from './lib/request-locale';
import type { ExpiringStore } from './lib/expiring-store';
import { createServices, type Services } from './services';
import { createGraphQLServer } from './graphql/yoga';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerOutboxRoutes } from './modules/outbox/outbox.routes';
import { registerActivationCodeDevRoutes } from './modules/activation-code/activation-code-dev.routes';
import { MODULES } from './modules/registry';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  store: ExpiringStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Header the SPA sends on every state-changing call; a cross-site form or image cannot set it. */
export const CLIENT_HEADER = 'x-portal-client';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Two 10 MB pictures and the form around them: Fastify does not parse multipart, so we bound it here. */
export const MULTIPART_BODY_LIMIT = 21 * 1024 * 1024;

/** A multipart body must announce its size, and the size must be within the limit. */
function isOversizedMultipart(request: FastifyRequest): boolean {
  if (!request.headers['content-type']?.startsWith('multipart/form-data')) return false;
  const length = Number(request.headers['content-length']);
  return !Number.isFinite(length) || length > MULTIPART_BODY_LIMIT;
}

/**
 * CSRF guard for every state-changing /apis call: the custom header must be present and, when the
 * browser names an Origin, it must be ours. SameSite=Lax on the session cookie is the second layer.
 */
function isCrossSiteRequest(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/apis/')) return false;
  if (!request.headers[CLIENT_HEADER]) return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

export async function buildApp({ config, database, store }: AppDeps): Promise<FastifyInstance> {
  const production = config.NODE_ENV === 'production';
  const app = Fastify({
    ...(await developmentLogging(config, {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    })),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });

  app.decorate('services', createServices({ config, db: database.db, store, logger: app.log }));

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd's CSS-in-JS writes <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The ALTCHA widget's proof-of-work worker is a same-origin file of the build.
        workerSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Pictures are served to our own pages only; keep COEP off so that blob: previews work.
    crossOriginEmbedderPolicy: false,
    hsts: production,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const refusal = isCrossSiteRequest(request) ? 'CSRF_REJECTED' : isOversizedMultipart(request) ? 'REQUEST_TOO_LARGE' : undefined;
    if (refusal) {
      const error = new AppError(refusal);
      return reply.code(error.httpStatus).send(error.toBody(localeOfRequest(request)));
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const locale = localeOfRequest(request);
    if (error instanceof AppError) return reply.code(error.httpStatus).send(error.toBody(locale));
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const known = new AppError(status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED');
      return reply.code(status).send(known.toBody(locale));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ ...new AppError('INTERNAL').toBody(locale), requestId: request.id });
  });

  // GraphQL: Yoga reads the raw multipart stream itself (upload spec); JSON arrives parsed.
  const yoga = createGraphQLServer(app.services, { production });
  app.addContentTypeParser('multipart/form-data', {}, (_request, _payload, done) => done(null));
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (request, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { fastifyRequest: request, fastifyReply: reply });
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  await registerHealthRoutes(app, database);
  await registerAuthRoutes(app, config);
  for (const module of MODULES) if ('registerRoutes' in module) await module.registerRoutes(app);
  if (!production) await registerOutboxRoutes(app, database.db);
  if (!production) await registerActivationCodeDevRoutes(app, app.services.activationCodes);
  await registerSinglePageApp(app, config);
  return app;
}

/** The built SPA: hashed assets cached forever, index.html never cached, client routes fall back to it. */
async function registerSinglePageApp(app: FastifyInstance, config: Config) {
  const root = config.WEB_DIST_DIR;
  const hasBuild = existsSync(join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`No web build at ${root}: run "npm run build" to serve the web app`);
  }
  app.setNotFoundHandler((request, reply) => {
    const acceptsHtml = request.headers.accept?.includes('text/html');
    if (request.method === 'GET' && hasBuild && acceptsHtml && !request.url.startsWith('/apis/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const error = new AppError('NOT_FOUND');
    return reply.code(404).send(error.toBody(localeOfRequest(request)));
  });
}
