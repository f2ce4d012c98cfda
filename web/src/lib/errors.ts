/**
 * Error normalisation of SPEC 8. Every failure the web sees (request client, GraphQL client,
 * anything thrown) becomes `{ reason, code, message }`.
 */
export interface NormalisedError {
  reason?: string;
  code?: string;
  message: string;
  status?: number;
}

export const UNAUTHORIZED = 'UNAUTHORIZED';
export const FORBIDDEN = 'FORBIDDEN';
export const DEFAULT_ERROR_MESSAGE = 'Unknown error';

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function statusOf(error: UnknownRecord): number | undefined {
  if (typeof error.status === 'number') return error.status;
  const response = error.response;
  if (isRecord(response) && typeof response.status === 'number') return response.status;
  return undefined;
}

/** The errors list of a GraphQL-style failure: `errors`, `response.errors` or `body.errors`. */
function errorsList(error: UnknownRecord): unknown[] | undefined {
  for (const holder of [error, error.response, error.body]) {
    if (isRecord(holder) && Array.isArray(holder.errors) && holder.errors.length > 0) return holder.errors;
  }
  return undefined;
}

/** Reads one entry of an errors list: a plain string, or an object whose message may itself be JSON `{message, code}`. */
function fromEntry(entry: unknown): NormalisedError {
  if (typeof entry === 'string') return { message: entry };
  if (!isRecord(entry)) return { message: DEFAULT_ERROR_MESSAGE };
  const extensions = isRecord(entry.extensions) ? entry.extensions : {};
  const raw = text(entry.message) ?? DEFAULT_ERROR_MESSAGE;
  let message = raw;
  let code = text(extensions.code);
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isRecord(parsed)) {
      message = text(parsed.message) ?? raw;
      code = text(parsed.code) ?? code;
    }
  } catch {
    // not JSON: the raw text is the message
  }
  const result: NormalisedError = { message };
  const reason = text(extensions.classification);
  if (reason) result.reason = reason;
  if (code) result.code = code;
  return result;
}

export function normaliseError(error: unknown): NormalisedError {
  if (typeof error === 'string') return { message: error };
  if (!isRecord(error)) return { message: DEFAULT_ERROR_MESSAGE };
  const status = statusOf(error);
  const withStatus = (result: NormalisedError): NormalisedError => {
    if (status !== undefined) result.status = status;
    if (!result.reason && status === 401) result.reason = UNAUTHORIZED;
    if (!result.reason && status === 403) result.reason = FORBIDDEN;
    return result;
  };
  // Already normalised (the request client's errors, or a previous pass): passes through.
  if (text(error.reason) && text(error.message)) {
    const result: NormalisedError = { reason: error.reason as string, message: error.message as string };
    if (text(error.code)) result.code = error.code as string;
    return withStatus(result);
  }
  const errors = errorsList(error);
  if (errors) return withStatus(fromEntry(errors[0]));
  const result: NormalisedError = { message: text(error.message) ?? DEFAULT_ERROR_MESSAGE };
  if (text(error.code)) result.code = error.code as string;
  return withStatus(result);
}

/** SPEC 8: status 401, or any entry of the errors list classified UNAUTHORIZED. */
export function isUnauthorized(error: unknown): boolean {
  return hasReason(error, UNAUTHORIZED, 401);
}

/** SPEC 8: status 403, or any entry of the errors list classified FORBIDDEN. */
export function isForbidden(error: unknown): boolean {
  return hasReason(error, FORBIDDEN, 403);
}

/** Whether asking again may help: not when the session or the role is what refuses. */
export function isRetryable(error: unknown): boolean {
  return !isUnauthorized(error) && !isForbidden(error);
}

function hasReason(error: unknown, reason: string, status: number): boolean {
  if (!isRecord(error)) return false;
  if (statusOf(error) === status || error.reason === reason) return true;
  const errors = errorsList(error) ?? [];
  return errors.some((entry) => isRecord(entry) && isRecord(entry.extensions) && entry.extensions.classification === reason);
}
