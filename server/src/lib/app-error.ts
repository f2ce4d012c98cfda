import { GraphQLError } from 'graphql';
import { classificationOf, type ErrorClassification, type ErrorCode } from '@portal/shared/errors/error-codes';
import { translate } from './i18n';
import type { Locale } from '@portal/shared/i18n/locales';

/** A known failure: a stable code, its classification, and parameters for the translated message. */
export class AppError extends Error {
  readonly classification: ErrorClassification;

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
    if (this.code === 'AUTH_TOO_MANY_ATTEMPTS' || this.code === 'AUTH_CODE_LIMIT_REACHED') return 429;
    if (this.code === 'REQUEST_TOO_LARGE') return 413;
    return HTTP_STATUS[this.classification];
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
      },
    });
  }
}

const HTTP_STATUS: Record<ErrorClassification, number> = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
};
