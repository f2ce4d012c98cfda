/**
 * Every stable error code of the portal and its classification (DESIGN §5).
 * The server throws `AppError(code)`; the web maps `extensions.code` to the
 * `errors:<code>` locale key. Both locale files must hold every code (tested).
 */
export const ERROR_CLASSIFICATIONS = ['UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST', 'NOT_FOUND', 'INTERNAL_ERROR'] as const;
export type ErrorClassification = (typeof ERROR_CLASSIFICATIONS)[number];

export const ERROR_CODES = {
  // generic
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION_FAILED: 'BAD_REQUEST',
  CSRF_REJECTED: 'FORBIDDEN',
  QUERY_TOO_COMPLEX: 'BAD_REQUEST',
  INTERNAL: 'INTERNAL_ERROR',
  // sign-in (SPEC 8 login messages first, then ours)
  AUTH_INVALID_EMAIL: 'BAD_REQUEST',
  AUTH_LOGIN_PROHIBITED: 'FORBIDDEN',
  AUTH_CODE_SEND_FAILED: 'INTERNAL_ERROR',
  AUTH_WRONG_IDENTITY_OR_CODE: 'BAD_REQUEST',
  AUTH_CODE_REQUIRED: 'BAD_REQUEST',
  AUTH_NOT_REGISTERED: 'BAD_REQUEST',
  AUTH_WRONG_PASSWORD: 'BAD_REQUEST',
  AUTH_WRONG_CODE: 'BAD_REQUEST',
  AUTH_CODE_EXPIRED: 'BAD_REQUEST',
  AUTH_INVALID_IDENTITY: 'BAD_REQUEST',
  AUTH_PASSWORD_REQUIRED: 'BAD_REQUEST',
  AUTH_SCOPE_MISMATCH: 'FORBIDDEN',
  AUTH_CAPTCHA_INVALID: 'BAD_REQUEST',
  AUTH_TOO_MANY_ATTEMPTS: 'FORBIDDEN',
  AUTH_CODE_TOO_SOON: 'BAD_REQUEST',
  AUTH_CODE_LIMIT_REACHED: 'FORBIDDEN',
  // accounts and account settings
  ACCOUNT_IDENTITY_TAKEN: 'BAD_REQUEST',
  PASSWORD_TOO_WEAK: 'BAD_REQUEST',
  PASSWORD_MISMATCH: 'BAD_REQUEST',
  PASSWORD_CURRENT_WRONG: 'BAD_REQUEST',
  PROFILE_NAME_INVALID: 'BAD_REQUEST',
} as const satisfies Record<string, ErrorClassification>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function classificationOf(code: ErrorCode): ErrorClassification {
  return ERROR_CODES[code];
}
