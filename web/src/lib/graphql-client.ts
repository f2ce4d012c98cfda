/**
 * A small GraphQL client over the request client (SPEC 7): POST /apis/core/graphql with JSON
 * `{ query, variables, operationName }`, or the multipart request spec (`operations`, `map`, files)
 * when the variables hold a File or Blob. Failures raise a GraphQLClientError whose message is the
 * first error message or `GraphQL Error (Code: {status})`.
 */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { request as defaultRequest, readBody, type RequestClient } from './request';

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

export function createGraphQLClient(request: RequestClient = defaultRequest): GraphQLRequest {
  return async function graphqlRequest<TData, TVariables>(document: GraphQLDocument<TData, TVariables>, variables?: TVariables, signal?: AbortSignal): Promise<TData> {
    return readGraphQLResponse<TData>(await postGraphQL(request, document.toString(), variables, signal));
  };
}

/** Sends an operation and resolves with the untouched response (read it with readGraphQLResponse). */
export function postGraphQL(request: RequestClient, query: string, variables?: unknown, signal?: AbortSignal): Promise<Response> {
  const { body, json } = toBody(query, variables, operationName(query));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (json) headers['content-type'] = 'application/json';
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
