import { GraphQLError } from 'graphql';
import { classificationOf, type ErrorClassification, type ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from './i18n';
import type { Locale } from '@portal/shared/i18n/locales';

/** A known failure: a stable code, its classification, and parameters for the translated message. */
export class AppError extends Error {
  readonly classification: ErrorClassification;
  /** For a refusal that ends by itself (throttles, waits): sent as Retry-After. */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    /** Which input fields failed and why, for forms that mark each field. */
    readonly fields?: ReadonlyArray<{ path: string; code: string }>,
  ) {
    super(code);
    this.name = 'AppError';
    this.classification = classificationOf(code);
  }

  /** The HTTP status of a REST response refusing the whole request. */
  get httpStatus(): number {
    return HTTP_STATUS_OF_CODE[this.code] ?? HTTP_STATUS[this.classification];
  }

  /** Says when to try again (whole seconds, at least 1). */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }

  toBody(locale: Locale) {
    return { message: translate(locale, this.code, this.params), reason: this.classification, code: this.code, ...(this.fields ? { fields: this.fields } : {}) };
  }

  toGraphQLError(locale: Locale): GraphQLError {
    return new GraphQLError(translate(locale, this.code, this.params), {
      extensions: {
        classification: this.classification,
        code: this.code,
        ...(Object.keys(this.params).length ? { params: this.params } : {}),
        ...(this.fields ? { fields: this.fields } : {}),
        ...(WHOLE_REQUEST_REFUSALS.has(this.code) ? { http: this.httpHint() } : {}),
      },
    });
  }

  /** Yoga's hint for the response: this status, and Retry-After when the refusal ends by itself. */
  private httpHint() {
    return { status: this.httpStatus, ...(this.retryAfterSeconds ? { headers: { 'retry-after': String(this.retryAfterSeconds) } } : {}) };
  }
}

/**
 * Codes that refuse the whole GraphQL request rather than one field: the response takes their HTTP status
 * and Retry-After (a proxy, a browser and a load test read those, not the body).
 */
const WHOLE_REQUEST_REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['SERVER_BUSY']);

/** Codes whose HTTP status is more precise than their classification's. */
const HTTP_STATUS_OF_CODE: Partial<Record<ErrorCode, number>> = {
  AUTH_TOO_MANY_ATTEMPTS: 429,
  AUTH_CODE_LIMIT_REACHED: 429,
  AUTH_CODE_TOO_SOON: 429,
  EXPORT_TOO_MANY_AT_ONCE: 429,
  SERVER_BUSY: 429,
  REQUEST_TOO_LARGE: 413,
  REQUEST_HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  RANGE_NOT_SATISFIABLE: 416,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_ACCEPTABLE: 406,
  METHOD_NOT_ALLOWED: 405,
};

const HTTP_STATUS: Record<ErrorClassification, number> = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
};
