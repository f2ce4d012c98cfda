/**
 * Client-side checks of the registration form (SPEC 5): a mainland mobile is 11 digits starting
 * 1-9 (sent as +86…); other numbers need + and the country code; an email must be valid.
 */
import { INTERNATIONAL_MOBILE, isEmail, toInternationalMobile } from '@portal/shared/auth/identity';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { serverFieldCodes, topLevelField } from '../../../lib/server-field-errors';

export type RegisterMethod = 'mobile' | 'email';

export function registerIdentityProblem(method: RegisterMethod, value: string): 'required' | 'invalid' | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  if (method === 'email') return isEmail(trimmed.toLowerCase()) ? undefined : 'invalid';
  return INTERNATIONAL_MOBILE.test(toInternationalMobile(trimmed.replace(/[\s-]/g, ''))) ? undefined : 'invalid';
}

/** The identity as the server expects it: mobile without spaces or dashes. */
export function registerIdentity(method: RegisterMethod, value: string): string {
  return method === 'mobile' ? value.trim().replace(/[\s-]/g, '') : value.trim();
}

export type RegisterField = 'identity' | 'code' | 'name' | 'password';
const REGISTER_FIELDS: readonly RegisterField[] = ['identity', 'code', 'name', 'password'];

/** Server codes that belong to one field of the registration form. */
const REGISTER_FIELD_OF_CODE: Partial<Record<ErrorCode, RegisterField>> = {
  AUTH_INVALID_IDENTITY: 'identity',
  AUTH_INVALID_EMAIL: 'identity',
  ACCOUNT_IDENTITY_TAKEN: 'identity',
  AUTH_CODE_REQUIRED: 'code',
  AUTH_WRONG_CODE: 'code',
  AUTH_CODE_EXPIRED: 'code',
  AUDIENCE_NAME_REQUIRED: 'name',
  AUDIENCE_NAME_INVALID: 'name',
  PASSWORD_TOO_WEAK: 'password',
};

/** The server's refusal of a registration, at the field it belongs to. */
export function registerFieldProblems(error: unknown): Partial<Record<RegisterField, ErrorCode>> {
  return serverFieldCodes(error, topLevelField(REGISTER_FIELDS), REGISTER_FIELD_OF_CODE);
}
