import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { serverFieldCodes, topLevelField } from '../../../lib/server-field-errors';

/** The settings forms' fields the server may refuse. */
export function profileFieldProblems(error: unknown): Partial<Record<'name' | 'nickname', ErrorCode>> {
  return serverFieldCodes(error, topLevelField(['name', 'nickname'] as const), { PROFILE_NAME_INVALID: 'name' });
}

export function passwordFieldProblems(error: unknown): Partial<Record<'currentPassword' | 'newPassword', ErrorCode>> {
  return serverFieldCodes(error, topLevelField(['currentPassword', 'newPassword'] as const), { PASSWORD_CURRENT_WRONG: 'currentPassword', PASSWORD_TOO_WEAK: 'newPassword' });
}
