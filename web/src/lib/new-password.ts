import { isStrongPassword } from '@portal/shared/auth/credentials';
import type { ErrorCode } from '@portal/shared/errors/error-codes';

export type NewPasswordField = 'password' | 'confirmPassword';
type NewPasswordValues = Record<NewPasswordField, string>;

/**
 * What is wrong with a new password or its confirmation (the registration forms): a code of errors.json, or
 * `confirmRequired` for an empty confirmation (each form says that in its own words); undefined when right.
 */
export function newPasswordProblem(field: NewPasswordField, values: NewPasswordValues): Extract<ErrorCode, 'PASSWORD_TOO_WEAK' | 'PASSWORD_MISMATCH'> | 'confirmRequired' | undefined {
  if (field === 'password') return isStrongPassword(values.password) ? undefined : 'PASSWORD_TOO_WEAK';
  if (!values.confirmPassword) return 'confirmRequired';
  return values.confirmPassword === values.password ? undefined : 'PASSWORD_MISMATCH';
}

/** The fields a typed change checks: the password's confirmation again when the password changes after it was typed. */
export function fieldsCheckedOnChange<F extends string>(field: F | NewPasswordField, values: NewPasswordValues): (F | NewPasswordField)[] {
  return field === 'password' && values.confirmPassword ? ['password', 'confirmPassword'] : [field];
}
