import { z } from 'zod';
import { decodePasswordFromTransport, isStrongPassword, PASSWORD_MAX_LENGTH, VERIFICATION_CODE_LENGTH } from '../auth/credentials';
import type { ErrorCode } from '../errors/error-codes';
import { ZVisitorName } from '../application/application.schema';
import { plainText } from '../text';

export const PROFILE_NAME_MAX_LENGTH = 64;
export const NICKNAME_MAX_LENGTH = 64;
/** An email (254) or a mobile in any spelling the identity parser accepts. */
export const IDENTITY_MAX_LENGTH = 254;

const code = (value: ErrorCode) => ({ message: value });

/** Any signed-in viewer's own name and nickname. */
export const ZUpdateProfileInput = z.object({
  name: plainText('PROFILE_NAME_INVALID').trim().min(1, code('PROFILE_NAME_INVALID')).max(PROFILE_NAME_MAX_LENGTH, code('PROFILE_NAME_INVALID')),
  nickname: plainText('PROFILE_NAME_INVALID')
    .trim()
    .max(NICKNAME_MAX_LENGTH, code('PROFILE_NAME_INVALID'))
    .nullish()
    .transform((value) => value || null),
});
export type TUpdateProfileInput = z.output<typeof ZUpdateProfileInput>;

/** A password as the form sends it: base64 of the UTF-8 text (like the login form), decoded here. */
const ZTransportPassword = z
  .string(code('VALIDATION_FAILED'))
  .max(PASSWORD_MAX_LENGTH * 8, code('VALIDATION_FAILED'))
  .transform((encoded, context) => {
    const password = decodePasswordFromTransport(encoded);
    if (password === undefined) {
      context.addIssue({ code: 'custom', message: 'VALIDATION_FAILED' });
      return z.NEVER;
    }
    return password;
  });
/** A new password as the form sends it, strong enough (registrations and the change-password form). */
export const ZNewPassword = ZTransportPassword.refine(isStrongPassword, code('PASSWORD_TOO_WEAK'));

export const ZChangePasswordInput = z.object({
  currentPassword: ZTransportPassword,
  newPassword: ZNewPassword,
});
export type TChangePasswordInput = z.output<typeof ZChangePasswordInput>;

/** The visitor's own erasure request (PIPL): the account's password, asked again (encoded for transport). */
export const ZEraseOwnDataInput = z.object({ password: ZTransportPassword });
export type TEraseOwnDataInput = z.output<typeof ZEraseOwnDataInput>;

/** The change-password form before it is encoded: the confirmation must match (SPEC 5). */
export const ZPasswordForm = z
  .object({
    currentPassword: z.string().min(1, code('AUTH_PASSWORD_REQUIRED')),
    newPassword: z.string().refine(isStrongPassword, code('PASSWORD_TOO_WEAK')),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ['confirmPassword'], ...code('PASSWORD_MISMATCH') });

/** Visitor self-registration (SPEC 2 /visitor/web/register). */
export const ZRegisterAudienceInput = z.object({
  identity: plainText('AUTH_INVALID_IDENTITY').trim().min(1, code('AUTH_INVALID_IDENTITY')).max(IDENTITY_MAX_LENGTH, code('AUTH_INVALID_IDENTITY')),
  code: plainText('AUTH_CODE_REQUIRED').trim().min(1, code('AUTH_CODE_REQUIRED')).max(VERIFICATION_CODE_LENGTH * 2, code('AUTH_WRONG_CODE')),
  password: ZNewPassword,
  name: ZVisitorName,
});
export type TRegisterAudienceInput = z.output<typeof ZRegisterAudienceInput>;
