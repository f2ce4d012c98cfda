/**
 * Client-side checks of the registration form (SPEC 5): a mobile by the one rule (shared/src/mobile), sent
 * as E.164; an email must be valid.
 */
import { isEmail } from '@portal/shared/auth/identity';
import { toE164Mobile } from '@portal/shared/mobile/mobile-number';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { serverFieldCodes, topLevelField } from '../../../lib/server-field-errors';

export type RegisterMethod = 'mobile' | 'email';

export function registerIdentityProblem(method: RegisterMethod, value: string): 'required' | 'invalid' | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  if (method === 'email') return isEmail(trimmed.toLowerCase()) ? undefined : 'invalid';
  return toE164Mobile(trimmed) ? undefined : 'invalid';
}

/** The identity as the server expects it: a mobile in E.164. */
export function registerIdentity(method: RegisterMethod, value: string): string {
  return method === 'mobile' ? (toE164Mobile(value) ?? value.trim()) : value.trim();
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
