/**
 * A small GraphQL client over the request client (SPEC 7): POST /apis/core/graphql with JSON
 * `{ query, variables, operationName }`, or the multipart request spec (`operations`, `map`, files)
 * when the variables hold a File or Blob. Failures raise a GraphQLClientError whose message is the
 * first error message or `GraphQL Error (Code: {status})`.
 */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { request as defaultRequest, readBody, type RequestClient } from './request';
import { QUEUE_TICKET_HEADER, sendThroughWaitingRoom, type BusyRefusal } from './waiting-room';

export const GRAPHQL_PATH = '/core/graphql';

export interface GraphQLErrorEntry {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { classification?: string; code?: string; [key: string]: unknown };
}

export class GraphQLClientError extends Error {
  override readonly name = 'GraphQLClientError';
  readonly response: { status: number; errors: GraphQLErrorEntry[]; data: unknown };

  constructor(status: number, errors: GraphQLErrorEntry[], data: unknown) {
    super(errors[0]?.message || `GraphQL Error (Code: ${status})`);
    this.response = { status, errors, data };
  }
}

/** A typed operation document as the generated code writes it: its text, typed with its result and variables. */
export type GraphQLDocument<TData, TVariables> = DocumentTypeDecoration<TData, TVariables> & { toString(): string };

/** The name of the document's operation (fragments follow it in the generated text). */
function operationName(query: string): string | undefined {
  return /^\s*(?:query|mutation|subscription)\s+(\w+)/m.exec(query)?.[1];
}

function isFile(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** Replaces every File/Blob in the variables with null and returns where each one was (multipart request spec). */
export function extractFiles(variables: unknown): { clone: unknown; files: Map<Blob, string[]> } {
  const files = new Map<Blob, string[]>();
  const walk = (value: unknown, path: string): unknown => {
    if (isFile(value)) {
      files.set(value, [...(files.get(value) ?? []), path]);
      return null;
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${path}.${index}`));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, `${path}.${key}`)]));
    }
    return value;
  };
  return { clone: walk(variables, 'variables'), files };
}

function toBody(query: string, variables: unknown, name: string | undefined): { body: BodyInit; json: boolean } {
  const { clone, files } = extractFiles(variables ?? {});
  const operations = JSON.stringify({ query, variables: clone, operationName: name });
  if (files.size === 0) return { body: operations, json: true };
  const form = new FormData();
  form.set('operations', operations);
  const map: Record<string, string[]> = {};
  let index = 0;
  for (const paths of files.values()) map[String(index++)] = paths;
  form.set('map', JSON.stringify(map));
  index = 0;
  for (const file of files.keys()) form.set(String(index++), file);
  return { body: form, json: false };
}

export type GraphQLRequest = <TData, TVariables>(document: GraphQLDocument<TData, TVariables>, variables?: TVariables, signal?: AbortSignal) => Promise<TData>;

/**
 * The server refused the operation for now, SERVER_BUSY: its admission control (HTTP 429), or an instance that
 * was closing when the request came (503): when and where to come back.
 */
export function busyRefusalOf(error: unknown): BusyRefusal | undefined {
  if (!(error instanceof GraphQLClientError) || (error.response.status !== 429 && error.response.status !== 503)) return undefined;
  const extensions = error.response.errors[0]?.extensions;
  if (extensions?.code !== 'SERVER_BUSY') return undefined;
  const params = (extensions.params ?? {}) as { seconds?: unknown; ahead?: unknown; ticket?: unknown };
  return {
    seconds: typeof params.seconds === 'number' && params.seconds > 0 ? params.seconds : 1,
    ahead: typeof params.ahead === 'number' ? params.ahead : 0,
    ticket: typeof params.ticket === 'string' ? params.ticket : undefined,
  };
}

export function createGraphQLClient(request: RequestClient = defaultRequest): GraphQLRequest {
  return function graphqlRequest<TData, TVariables>(document: GraphQLDocument<TData, TVariables>, variables?: TVariables, signal?: AbortSignal): Promise<TData> {
    // A refusal by the admission control is waited out in the waiting room: the caller sees only the final answer.
    return sendThroughWaitingRoom(
      async (ticket) => readGraphQLResponse<TData>(await postGraphQL(request, document.toString(), variables, signal, ticket)),
      busyRefusalOf,
      signal,
    );
  };
}

/** Sends an operation and resolves with the untouched response (read it with readGraphQLResponse); `ticket` keeps a place in the server's queue. */
export function postGraphQL(request: RequestClient, query: string, variables?: unknown, signal?: AbortSignal, ticket?: string): Promise<Response> {
  const { body, json } = toBody(query, variables, operationName(query));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (json) headers['content-type'] = 'application/json';
  if (ticket) headers[QUEUE_TICKET_HEADER] = ticket;
  return request(GRAPHQL_PATH, { method: 'POST', body, headers, raw: true, signal: signal ?? null });
}

/** The operation's data, or a GraphQLClientError with the first error's message. */
export async function readGraphQLResponse<TData>(response: Response): Promise<TData> {
  const result = await readBody(response);
  const record = typeof result === 'object' && result !== null ? (result as { data?: unknown; errors?: unknown }) : {};
  const errors = Array.isArray(record.errors) ? (record.errors as GraphQLErrorEntry[]) : [];
  if (!response.ok || errors.length > 0 || record.data === undefined || record.data === null) {
    if (errors.length === 0 && typeof result === 'string' && result.trim()) errors.push({ message: result.trim() });
    throw new GraphQLClientError(response.status, errors, record.data ?? null);
  }
  return record.data as TData;
}

export const graphqlRequest = createGraphQLClient();
