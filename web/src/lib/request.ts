/**
 * The small request client of SPEC 7: a base address joined with a relative path by exactly one
 * slash, default and per-call options merged (headers too), the `x-portal-client: web` CSRF header
 * and same-origin credentials on every call, the body read as JSON or text, and a RequestError
 * (message, reason, code, status) when the response is not ok.
 */
export const PORTAL_CLIENT_HEADER = 'x-portal-client';
export const PORTAL_CLIENT_VALUE = 'web';

export interface RequestOptions extends RequestInit {
  /** Overrides the client's base address for this call. */
  baseUrl?: string;
  /** Resolve with the untouched Response (the status is not checked). */
  raw?: boolean;
}

export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly status: number;
  readonly reason: string | undefined;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(init: { message: string; status: number; reason?: string; code?: string; body?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.reason = init.reason;
    this.code = init.code;
    this.body = init.body;
  }
}

/** Joins a base address and a path with exactly one slash; an absolute path or URL is kept as it is when there is no base. */
export function joinUrl(base: string | undefined, path: string): string {
  if (!base) return path;
  if (!path) return base;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function headersToRecord(headers: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (!headers) return record;
  new Headers(headers).forEach((value, key) => {
    record[key] = value;
  });
  return record;
}

/** Merges default and per-call options; the call wins, headers are merged key by key. */
export function mergeOptions(defaults: RequestOptions, options: RequestOptions): RequestOptions {
  return {
    ...defaults,
    ...options,
    headers: { ...headersToRecord(defaults.headers), ...headersToRecord(options.headers) },
  };
}

/** Reads the body as JSON when the content type begins with application/json, otherwise as text. */
export async function readBody(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.toLowerCase().startsWith('application/json')) {
    const text = await response.text();
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return response.text();
}

const REASON_BY_STATUS: Record<number, string> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN' };

function stringField(body: unknown, field: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value ? value : undefined;
}

/** Builds the error of a response that is not ok: a plain-text body is the message; an object body gives message, reason and code. */
export function toRequestError(response: Response, body: unknown): RequestError {
  const fallbackMessage = response.statusText || `Request failed with status ${response.status}`;
  const message = typeof body === 'string' ? body.trim() || fallbackMessage : (stringField(body, 'message') ?? fallbackMessage);
  return new RequestError({
    message,
    status: response.status,
    reason: stringField(body, 'reason') ?? REASON_BY_STATUS[response.status],
    code: stringField(body, 'code'),
    body,
  });
}

export interface RequestClient {
  <T = unknown>(path: string, options?: RequestOptions & { raw?: false }): Promise<T>;
  (path: string, options: RequestOptions & { raw: true }): Promise<Response>;
}

export function createRequestClient(defaults: RequestOptions = {}, fetchImpl: typeof fetch = (...args) => fetch(...args)): RequestClient {
  async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
    const { baseUrl, raw, ...init } = mergeOptions(defaults, options);
    const headers = new Headers(init.headers);
    headers.set(PORTAL_CLIENT_HEADER, PORTAL_CLIENT_VALUE);
    const response = await fetchImpl(joinUrl(baseUrl, path), { ...init, headers, credentials: 'same-origin' });
    if (raw) return response;
    const body = await readBody(response);
    if (!response.ok) throw toRequestError(response, body);
    return body;
  }
  return request as RequestClient;
}

/** The portal's own server (SPEC 7: every call goes to the product's own origin). */
export const request = createRequestClient({ baseUrl: '/apis' });

/** Form-encoded POST body, as the auth endpoints expect. */
export function formBody(fields: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) params.set(key, value);
  return params;
}
