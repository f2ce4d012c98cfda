import type { FastifyRequest } from 'fastify';
import { BREAK, GraphQLError, Kind, visit, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { createGraphQLError, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error';
import { QUEUE_TICKET_HEADER } from '../lib/admission-gate';
import { localeOfRequest } from '../lib/request-locale';
import { sessionIdOf, setSessionCookie } from '../modules/auth/session-cookie';
import type { Services } from '../services';
import type { GraphQLContext, YogaServerContext } from './context';
import { originOfRequest } from '../http/request-viewer';
import { buildSchema } from './schema';
import { cachedOperationCost, MAX_QUERY_COST } from './query-cost';
import { createLoaders } from '../modules/registry';

/** Where GraphQL is served. */
export const GRAPHQL_PATH = '/apis/core/graphql';
import { FIELDS_ALLOWED_BEFORE_PASSWORD_CHANGE, mustChangePassword } from '../modules/account/account.policy';


function isExecutionResult(value: unknown): value is ExecutionResult {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(Symbol.asyncIterator in value);
}

/**
 * Errors are data: an AppError becomes its translated message with classification and code;
 * a zod failure becomes VALIDATION_FAILED with the offending fields; a GraphQL parse or validation
 * error (no original error) is BAD_REQUEST; anything else is logged with the request id and masked.
 * One rule for both ways in: Yoga's result hook below and the direct JSON path (json-post.ts).
 */
export function classifyErrors(result: ExecutionResult, request: FastifyRequest, options: { production: boolean }): ExecutionResult {
  if (!result.errors?.length) return result;
  const locale = localeOfRequest(request);
  const errors = result.errors.map((error) => {
    const original = error.originalError;
    if (original instanceof AppError) return withPath(original.toGraphQLError(locale), error);
    if (original instanceof ZodError) {
      const translated = new AppError('VALIDATION_FAILED').toGraphQLError(locale);
      translated.extensions.fields = original.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      return withPath(translated, error);
    }
    // By name as well: graphql-js may be loaded twice (CJS for Yoga, ESM for us under Vitest).
    if (!original || original instanceof GraphQLError || original.name === 'GraphQLError') {
      // Parse, validation and armor (depth, cost, aliases) errors: the technical text stays as detail.
      const code = ARMOR_LIMIT.test(error.message) ? 'QUERY_TOO_COMPLEX' : 'VALIDATION_FAILED';
      const translated = new AppError(code).toGraphQLError(locale);
      // Production names nothing the caller did not write ("Did you mean NAME_ASC?" maps the schema).
      translated.extensions.detail = options.production ? error.message.replace(SUGGESTION, '') : error.message;
      return withPath(translated, error);
    }
    request.log.error({ err: original, path: error.path }, 'unexpected GraphQL error');
    const masked = new AppError('INTERNAL').toGraphQLError(locale);
    masked.extensions.requestId = request.id;
    return withPath(masked, error);
  });
  return { ...result, errors };
}

/** Yoga runs `onResultProcess` in its HTTP layer only: the direct JSON path calls classifyErrors itself. */
function useErrorClassification(options: { production: boolean }): Plugin<GraphQLContext, YogaServerContext> {
  return {
    onResultProcess({ result, setResult, serverContext }) {
      if (isExecutionResult(result)) setResult(classifyErrors(result, serverContext.fastifyRequest, options));
    },
  };
}

const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/** What the execution guards read of one operation (envelop's execute arguments hold the same). */
export interface OperationToRun {
  schema: GraphQLSchema;
  document: DocumentNode;
  contextValue: GraphQLContext;
  variableValues?: Record<string, unknown> | undefined;
  operationName?: string | null | undefined;
}

/**
 * Refused before any resolver runs: an operation that costs more than MAX_QUERY_COST (page size ×
 * what each item selects), and, in production, introspection by anyone but an organizer; an account
 * that must change its initial password may only read the viewer and change it. Both ways in call it:
 * Yoga's `onExecute` (useExecutionGuards) and the direct JSON path's known documents.
 */
function executionGuards(options: { production: boolean }) {
  // Both walks are kept per parsed document (the parse caches hand back the same one for the same text).
  const introspection = new WeakMap<DocumentNode, boolean>();
  const operationCost = cachedOperationCost();
  return function refusalOf({ schema, document, contextValue: context, variableValues, operationName }: OperationToRun): GraphQLError | undefined {
    if (options.production && context.viewer?.scope !== 'organizer' && asksForIntrospection(document, introspection)) {
      return createGraphQLError('introspection is disabled', { originalError: new AppError('FORBIDDEN') });
    }
    if (context.viewer && mustChangePassword(context.viewer) && !onlyAllowedBeforePasswordChange(document, operationName)) {
      return createGraphQLError('the initial password must be changed first', { originalError: new AppError('PASSWORD_CHANGE_REQUIRED') });
    }
    const cost = operationCost(schema, document, variableValues, operationName);
    return cost > MAX_QUERY_COST ? createGraphQLError(`Query cost limit exceeded: ${cost} > ${MAX_QUERY_COST}`) : undefined;
  };
}

function useExecutionGuards(refusalOf: ReturnType<typeof executionGuards>): Plugin<GraphQLContext, YogaServerContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const refusal = refusalOf({ ...args, contextValue: args.contextValue as GraphQLContext, variableValues: args.variableValues as Record<string, unknown> | undefined });
      if (refusal) setResultAndStopExecution({ errors: [refusal] });
    },
  };
}

/** Whether the operation asks only for what an account with an initial password may do (the viewer, changePassword). */
function onlyAllowedBeforePasswordChange(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName));
  // Fragment spreads at the root are refused rather than followed: no client of ours sends them there.
  return !!operation && operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && FIELDS_ALLOWED_BEFORE_PASSWORD_CHANGE.has(selection.name.value));
}

function asksForIntrospection(document: DocumentNode, known: WeakMap<DocumentNode, boolean>): boolean {
  const cached = known.get(document);
  if (cached !== undefined) return cached;
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  known.set(document, found);
  return found;
}

const ARMOR_LIMIT = /(depth|cost|aliases|tokens|directives).*(limit|exceeded)|limit.*exceeded/i;

/** Keeps the position of the source error and Yoga's `http` hint (status by GraphQL-over-HTTP: 200 for application/json, 400 otherwise; a whole-request refusal's own). */
function withPath(translated: GraphQLError, source: GraphQLError): GraphQLError {
  const http = translated.extensions.http ?? source.extensions?.http;
  const extensions = http ? { ...translated.extensions, http } : translated.extensions;
  // Yoga's own constructor: its status rules test `instanceof` against the graphql module it loaded.
  return createGraphQLError(translated.message, { nodes: source.nodes, path: source.path, extensions });
}

/**
 * CORS only for the configured origins (CORS_ORIGINS), never an echo of whatever Origin came: Yoga's
 * default answers any Origin with credentials, and its list mode answers `null` (the Origin of
 * sandboxed frames) to strangers.
 */
function corsFor(allowed: readonly string[]) {
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (!origin || !allowed.includes(origin)) return false as const;
    return { origin: [origin], credentials: true, methods: ['GET', 'POST'], allowedHeaders: ['content-type', 'x-portal-client', QUEUE_TICKET_HEADER], maxAge: 600 };
  };
}

/** The context of one operation, for Yoga's path and the direct JSON one alike. */
function contextOf(services: Services, { fastifyRequest: request, fastifyReply: reply, signedIn }: YogaServerContext): GraphQLContext {
  return {
    request,
    reply,
    requestId: request.id,
    origin: originOfRequest(request),
    locale: localeOfRequest(request),
    services,
    viewer: signedIn?.viewer,
    session: signedIn?.session,
    loaders: createLoaders(services),
    startSession: async (account) => setSessionCookie(request, reply, await services.auth.startSession(sessionIdOf(request), account)),
  };
}

/**
 * The GraphQL server: Yoga, and what the direct JSON path (json-post.ts) shares with it — the schema,
 * the context factory and the execution guards.
 */
export interface GraphQLServer {
  yoga: YogaServerInstance<YogaServerContext, GraphQLContext>;
  schema: GraphQLSchema;
  contextOf(serverContext: YogaServerContext): GraphQLContext;
  refusalOf(operation: OperationToRun): GraphQLError | undefined;
}

export function createGraphQLServer(services: Services, options: { production: boolean; corsOrigins: readonly string[] }): GraphQLServer {
  const schema = buildSchema();
  const refusalOf = executionGuards(options);
  const yoga = createYoga<YogaServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: !options.production,
    landingPage: false,
    cors: corsFor(options.corsOrigins),
    maskedErrors: false,
    logging: false,
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: 12 },
        costLimit: { maxCost: 5000 },
        maxAliases: { n: 20 },
        maxTokens: { n: 2000 },
        maxDirectives: { n: 20 },
        blockFieldSuggestion: { enabled: options.production },
      }),
      useExecutionGuards(refusalOf),
      useErrorClassification(options),
    ],
    context: (serverContext) => contextOf(services, serverContext),
  });
  return { yoga, schema, contextOf: (serverContext) => contextOf(services, serverContext), refusalOf };
}
