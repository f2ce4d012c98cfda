import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExecutionResult, GraphQLError } from 'graphql';
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

interface GraphQLParams {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A single well-formed operation; anything else (a batch, a wrong type, an unknown key) gets Yoga's own refusal. */
function wellFormedParams(body: unknown): GraphQLParams | undefined {
  if (!isPlainObject(body) || typeof body.query !== 'string') return undefined;
  const { query, variables, operationName, extensions } = body;
  if (Object.keys(body).some((key) => !PARAM_NAMES.has(key))) return undefined;
  if (variables != null && !isPlainObject(variables)) return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  if (extensions != null && !isPlainObject(extensions)) return undefined;
  return { query, ...(variables != null ? { variables } : {}), ...(operationName != null ? { operationName } : {}) };
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * The common GraphQL request — a POST of one JSON operation — served on Fastify without Yoga's Fetch
 * layer (a Fetch Request and Response built per call). The operation runs through the same Yoga
 * instance's envelop (`getEnveloped`: armor's limits, the parse/validate cache, the execution guards,
 * the context) and its errors through the same classification and status rules (`processRegularResult`).
 * Yoga keeps what it alone does: GET, multipart uploads, batches and malformed bodies, other Accept
 * values, GraphiQL, and the cross-origin requests of CORS_ORIGINS (its CORS headers).
 */
export function createJsonPostPath(yoga: GraphQLServer, options: { production: boolean; corsOrigins: readonly string[] }) {
  const corsOrigins = new Set(options.corsOrigins);

  async function resultOf(params: GraphQLParams, serverContext: YogaServerContext): Promise<ExecutionResult> {
    try {
      // Yoga's plugins read `params` and, of its Fetch request, only the method: usePreventMutationViaGET
      // marks a syntax error with its HTTP status (400 when the client accepts application/graphql-response+json).
      // Written out, not spread: the context factory adds its fields to this object, and V8 makes every
      // property added to an object built by spreading another a slow one (6–11 µs a request, measured).
      const { fastifyRequest, fastifyReply, signedIn } = serverContext;
      const enveloped = yoga.getEnveloped({ fastifyRequest, fastifyReply, signedIn, params, request: { method: 'POST' } });
      const document = enveloped.parse(params.query);
      const errors = enveloped.validate(enveloped.schema, document);
      if (errors.length) return { errors };
      const contextValue = await enveloped.contextFactory();
      // One result: the schema has no subscriptions and no @defer / @stream.
      return (await enveloped.execute({
        schema: enveloped.schema,
        document,
        contextValue,
        variableValues: params.variables,
        operationName: params.operationName,
      })) as ExecutionResult;
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
