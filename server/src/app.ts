import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { FALLBACK_LOCALE } from '@portal/shared/i18n/locales';
import { AppError } from './lib/app-error';
import { requestLogging } from './lib/request-logging';
import { localeOfRequest } from './lib/request-locale';
import type { ExpiringStore } from './lib/expiring-store';
import type { InvalidationBus } from './lib/invalidation-bus';
import type { AdmissionLedger } from './lib/admission-ledger';
import { attachCsrfGuard } from './lib/csrf-guard';
import { apiSecurityHeaders, securityHeaders, setSecurityHeaders } from './lib/security-headers';
import { createServices, type Services } from './services';
import { createGraphQLServer, GRAPHQL_PATH } from './graphql/yoga';
import { createJsonPostPath } from './graphql/json-post';
import { sessionIdOf } from './modules/auth/session-cookie';
import { registerHealthRoutes, type Lifecycle } from './modules/health/health.routes';
import { registerModuleRoutes } from './modules/registry';
import { registerSinglePageApp } from './http/single-page-app';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  store: ExpiringStore;
  /** Tells the other instances what their caches must drop. */
  bus: InvalidationBus;
  /** Who holds a slot of the costly operations and who waits (shared by the instances with Redis). */
  admission: AdmissionLedger;
  /** Set to draining by the shutdown: readiness answers 503 from then on. */
  lifecycle: Lifecycle;
  /** Where the log goes (tests read it); stdout by default. */
  logStream?: DestinationStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export { CLIENT_HEADER } from './lib/csrf-guard';
/** Two 10 MB pictures and the form around them: Fastify does not parse multipart, so we bound it here. */
export const MULTIPART_BODY_LIMIT = 21 * 1024 * 1024;

/** A multipart body must announce its size, and the size must be within the limit. */
function isOversizedMultipart(request: FastifyRequest): boolean {
  if (!request.headers['content-type']?.startsWith('multipart/form-data')) return false;
  const length = Number(request.headers['content-length']);
  return !Number.isFinite(length) || length > MULTIPART_BODY_LIMIT;
}

/** A hop count becomes proxy-addr's own rule for numbers (trust the nearest n hops); Fastify's types omit the number form. */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Yoga answers these with an empty body; the portal's answers always carry {message, reason, code}. */
const BODILESS_REFUSALS: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (a 60 KB cookie, a broken request
 * line): answered in the portal's shape too, in the fallback language (no header could be read).
 */
function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'REQUEST_HEADERS_TOO_LARGE' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'VALIDATION_FAILED';
  const refusal = new AppError(code);
  const body = JSON.stringify(refusal.toBody(FALLBACK_LOCALE));
  socket.end(
    `HTTP/1.1 ${refusal.httpStatus} ${STATUS_CODES[refusal.httpStatus] ?? 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * A request that arrives while the instance closes (a deploy): nothing is done, and the client is told to come
 * back in a second — by then the proxy sends it to another instance. 503 with Retry-After (nginx passes a POST's
 * answer on, and sends a GET to the next instance itself); SERVER_BUSY, so that the web app's waiting room takes it,
 * as a GraphQL answer on the GraphQL path.
 */
function answerWhileClosing(request: FastifyRequest, reply: FastifyReply) {
  const locale = localeOfRequest(request);
  const error = new AppError('SERVER_BUSY', { seconds: CLOSING_RETRY_AFTER_SECONDS, ahead: 0 });
  const body = request.url.split('?', 1)[0] === GRAPHQL_PATH ? { errors: [error.toGraphQLError(locale).toJSON()] } : error.toBody(locale);
  void reply.code(503).header('retry-after', String(CLOSING_RETRY_AFTER_SECONDS)).header('connection', 'close').send(body);
}
const CLOSING_RETRY_AFTER_SECONDS = 1;

export async function buildApp({ config, database, store, bus, admission, lifecycle, logStream }: AppDeps): Promise<FastifyInstance> {
  const production = config.NODE_ENV === 'production';
  const app = Fastify({
    ...(await requestLogging(config, {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
    })),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    clientErrorHandler: answerClientError,
    // Fastify's own 503 while closing says nothing of when to come back: the first hook below answers instead.
    return503OnClosing: false,
  });

  app.decorate('services', createServices({ config, db: database.db, store, bus, admission, logger: app.log }));
  // Before any route is registered: each one gets the guard on itself.
  attachCsrfGuard(app, new Set(config.CORS_ORIGINS));

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  const documentHeaders = securityHeaders({
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
        // The badge PDFs the server drew, shown (template preview) and printed from a frame of a blob: URL.
        frameSrc: ["'self'", 'blob:'],
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
  const apiHeaders = apiSecurityHeaders({ hsts: production });

  // A callback hook, not an async one: no promise and no extra turn a request (an answer here ends the request).
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply.raw, request.routeOptions.config?.securityHeaders === 'api' ? apiHeaders : documentHeaders);
    reply.header('x-request-id', request.id);
    if (lifecycle.closing) return answerWhileClosing(request, reply);
    if (!isOversizedMultipart(request)) return done();
    const error = new AppError('REQUEST_TOO_LARGE');
    reply.code(error.httpStatus).send(error.toBody(localeOfRequest(request)));
  });

  app.setErrorHandler((error, request, reply) => {
    const locale = localeOfRequest(request);
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.httpStatus).send(error.toBody(locale));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const known = new AppError(status === 404 ? 'NOT_FOUND' : status === 413 ? 'REQUEST_TOO_LARGE' : (BODILESS_REFUSALS[status] ?? 'VALIDATION_FAILED'));
      return reply.code(status).send(known.toBody(locale));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ ...new AppError('INTERNAL').toBody(locale), requestId: request.id });
  });

  // GraphQL: a JSON POST is answered directly (json-post.ts); Yoga reads the raw multipart stream itself (upload spec).
  const graphql = createGraphQLServer(app.services, { production, corsOrigins: config.CORS_ORIGINS });
  const { yoga } = graphql;
  const jsonPost = createJsonPostPath(graphql, { production, corsOrigins: config.CORS_ORIGINS });
  app.addContentTypeParser('multipart/form-data', {}, (_request, _payload, done) => done(null));
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    // Its answers are JSON, but for GraphiQL's page in development (the document headers, below).
    config: { csrf: 'graphql', securityHeaders: 'api' },
    handler: async (request, reply) => {
      const found = app.services.auth.viewerOf(sessionIdOf(request));
      // A hot session is answered without a promise: no turn of the event loop is spent waiting for it.
      const signedIn = found instanceof Promise ? await found : found;
      if (await jsonPost.answer(request, reply, signedIn)) return reply;
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { fastifyRequest: request, fastifyReply: reply, signedIn });
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      if (response.headers.get('content-type')?.startsWith('text/html')) setSecurityHeaders(reply.raw, documentHeaders);
      const refusal = response.status >= 400 && !response.body ? BODILESS_REFUSALS[response.status] : undefined;
      if (refusal) {
        const error = new AppError(refusal);
        return reply.code(response.status).header('content-type', 'application/json; charset=utf-8').send(error.toBody(localeOfRequest(request)));
      }
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  const { files } = app.services;
  await registerHealthRoutes(app, {
    database,
    lifecycle,
    probes: {
      database: async () => void (await database.db.execute(sql`select 1`)),
      ...(config.REDIS_URL ? { redis: () => store.ping() } : {}),
      files: () => files.check(),
    },
  });
  await registerModuleRoutes(app, { production });
  await registerSinglePageApp(app, config);
  return app;
}

