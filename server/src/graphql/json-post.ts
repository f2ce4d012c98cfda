import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentNode, ExecutionResult, GraphQLError } from 'graphql';
import { normalizedExecutor } from '@graphql-tools/executor';
import { createGraphQLError, processRegularResult } from 'graphql-yoga';
import type { SignedIn } from '../modules/auth/signed-in-cache';
import type { YogaServerContext } from './context';
import { classifyErrors, type GraphQLServer } from './yoga';

/**
 * The Accept headers our clients send (the SPA, graphql-http clients, the bench) and the media type
 * Yoga answers each with; any other Accept goes through Yoga's own negotiation.
 * json-post.test.ts holds each against Yoga's answer.
 */
export const ANSWERED_MEDIA_TYPE: ReadonlyMap<string | undefined, string> = new Map([
  [undefined, 'application/json'],
  ['*/*', 'application/json'],
  ['application/json', 'application/json'],
  ['application/graphql-response+json', 'application/graphql-response+json'],
  ['application/graphql-response+json, application/json', 'application/graphql-response+json'],
]);

const PARAM_NAMES = new Set(['query', 'variables', 'operationName', 'extensions']);

/** A JSON body's operation, as sent: null stands for an absent member (GraphQL over HTTP). */
interface GraphQLParams {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A single well-formed operation — the body itself, not a copy (a request's body is its own) — or
 * undefined for anything else (a batch, a wrong type, an unknown key), which gets Yoga's own refusal.
 */
function wellFormedParams(body: unknown): GraphQLParams | undefined {
  if (!isPlainObject(body) || typeof body.query !== 'string') return undefined;
  for (const key in body) if (!PARAM_NAMES.has(key)) return undefined;
  const { variables, operationName, extensions } = body;
  if (variables != null && !isPlainObject(variables)) return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  if (extensions != null && !isPlainObject(extensions)) return undefined;
  return body as unknown as GraphQLParams;
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/** Query texts whose validated document is kept (Yoga's own parse cache keeps as many). */
const KNOWN_DOCUMENTS_KEPT = 1000;

/**
 * The common GraphQL request — a POST of one JSON operation — served on Fastify without Yoga's Fetch
 * layer (a Fetch Request and Response built per call). A query text met for the first time runs through
 * the same Yoga instance's envelop (`getEnveloped`: armor's limits, the parse/validate cache, the
 * execution guards, the context); once its document has passed parsing and validation — a pure function
 * of the text, the schema being fixed — later requests of the same text skip envelop's per-request
 * orchestration: the same context factory, the same execution guards and the same executor as envelop's
 * (`normalizedExecutor`), without the hooks that do nothing more for a validated POST. Errors go through
 * the same classification and status rules (`processRegularResult`). Yoga keeps what it alone does: GET,
 * multipart uploads, batches and malformed bodies, other Accept values, GraphiQL, and the cross-origin
 * requests of CORS_ORIGINS (its CORS headers).
 */
export function createJsonPostPath(graphql: GraphQLServer, options: { production: boolean; corsOrigins: readonly string[] }) {
  const corsOrigins = new Set(options.corsOrigins);
  const { yoga, schema } = graphql;
  /** Query text → its parsed document that passed validation (armor's rules included). */
  const knownDocuments = new Map<string, DocumentNode>();

  function remember(query: string, document: DocumentNode) {
    // Oldest first in a Map: a full memo forgets its oldest entry.
    if (knownDocuments.size >= KNOWN_DOCUMENTS_KEPT) knownDocuments.delete(knownDocuments.keys().next().value as string);
    knownDocuments.set(query, document);
  }

  async function throughEnvelop(params: GraphQLParams, serverContext: YogaServerContext): Promise<ExecutionResult> {
    // Yoga's plugins read `params` and, of its Fetch request, only the method: usePreventMutationViaGET
    // marks a syntax error with its HTTP status (400 when the client accepts application/graphql-response+json).
    // Written out, not spread: the context factory adds its fields to this object, and V8 makes every
    // property added to an object built by spreading another a slow one (6–11 µs a request, measured).
    const { fastifyRequest, fastifyReply, signedIn } = serverContext;
    const enveloped = yoga.getEnveloped({ fastifyRequest, fastifyReply, signedIn, params, request: { method: 'POST' } });
    const document = enveloped.parse(params.query);
    const errors = enveloped.validate(enveloped.schema, document);
    if (errors.length) return { errors };
    remember(params.query, document);
    const contextValue = await enveloped.contextFactory();
    // One result: the schema has no subscriptions and no @defer / @stream.
    return (await enveloped.execute({
      schema: enveloped.schema,
      document,
      contextValue,
      variableValues: params.variables,
      operationName: params.operationName,
    })) as ExecutionResult;
  }

  async function executeKnown(document: DocumentNode, params: GraphQLParams, serverContext: YogaServerContext): Promise<ExecutionResult> {
    const operation = { schema, document, contextValue: graphql.contextOf(serverContext), variableValues: params.variables ?? undefined, operationName: params.operationName };
    const refusal = graphql.refusalOf(operation);
    if (refusal) return { errors: [refusal] };
    // Envelop's own executor (Yoga's useEngine): the answers, errors and their positions are the same either way.
    return (await normalizedExecutor(operation)) as ExecutionResult;
  }

  async function resultOf(params: GraphQLParams, serverContext: YogaServerContext): Promise<ExecutionResult> {
    try {
      const known = knownDocuments.get(params.query);
      return await (known ? executeKnown(known, params, serverContext) : throughEnvelop(params, serverContext));
    } catch (error) {
      // What Yoga does with a throw before execution (a syntax error, a limit of armor's): the error becomes the result.
      const thrown = error instanceof Error ? error : new Error(String(error));
      return { errors: [thrown.name === 'GraphQLError' ? (thrown as GraphQLError) : createGraphQLError(thrown.message, { originalError: thrown })] };
    }
  }

  return {
    /** Answers the request when it is the common case and says so; false leaves it to Yoga. */
    async answer(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn | undefined): Promise<boolean> {
      if (request.method !== 'POST' || !isJson(request.headers['content-type'])) return false;
      const origin = request.headers.origin;
      if (origin !== undefined && corsOrigins.has(origin)) return false;
      const mediaType = ANSWERED_MEDIA_TYPE.get(request.headers.accept);
      const params = mediaType && wellFormedParams(request.body);
      if (!mediaType || !params) return false;
      const result = classifyErrors(await resultOf(params, { fastifyRequest: request, fastifyReply: reply, signedIn }), request, options);
      if (!result.errors?.length) {
        // What processRegularResult answers a result without errors with, without building a Fetch Response.
        reply.code(200).header('content-type', `${mediaType}; charset=utf-8`).send(JSON.stringify(result));
        return true;
      }
      const response = processRegularResult(result, yoga.fetchAPI, mediaType);
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.code(response.status).send(await response.text());
      return true;
    },
  };
}
