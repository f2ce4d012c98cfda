import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';
import { ROLES } from '../auth/scopes';
import { zMobile } from '../mobile/mobile-number.schema';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../application/application.schema';

export const STAFF_KEYWORD_MAX_LENGTH = 64;
export const STAFF_PAGE_SIZE_MAX = 100;
export const STAFF_DEFAULT_PAGE_SIZE = 20;
export { NAME_MAX_LENGTH as STAFF_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH as STAFF_EMAIL_MAX_LENGTH };

const code = (value: ErrorCode) => ({ message: value });
const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value : null);

const ZStaffMobile = zMobile({ invalid: 'STAFF_MOBILE_INVALID' });
const ZStaffEmail = plainText('AUTH_INVALID_EMAIL')
  .trim()
  .toLowerCase()
  .pipe(z.email(code('AUTH_INVALID_EMAIL')).max(EMAIL_MAX_LENGTH, code('AUTH_INVALID_EMAIL')));

/** A staff member holds one role at least (several are allowed); each role once. */
export const ZStaffRoles = z
  .array(z.enum(ROLES, code('STAFF_ROLES_REQUIRED')), code('STAFF_ROLES_REQUIRED'))
  .min(1, code('STAFF_ROLES_REQUIRED'))
  .max(ROLES.length, code('STAFF_ROLES_REQUIRED'))
  .transform((roles) => [...new Set(roles)].sort());

/** The super administrator creates an organizer account: a name, an email or a mobile (or both: both sign in), its roles. */
export const ZCreateStaffInput = z
  .object({
    name: plainText('STAFF_NAME_INVALID').trim().min(1, code('STAFF_NAME_INVALID')).max(NAME_MAX_LENGTH, code('STAFF_NAME_INVALID')),
    email: z.union([z.literal(''), ZStaffEmail]).nullish().transform(blankToNull),
    mobile: z.union([z.literal(''), ZStaffMobile]).nullish().transform(blankToNull),
    roles: ZStaffRoles,
  })
  .refine((input) => input.email || input.mobile, { path: ['email'], ...code('STAFF_IDENTITY_REQUIRED') });
export type TCreateStaffInput = z.output<typeof ZCreateStaffInput>;

export const ZStaffId = z.uuid(code('NOT_FOUND'));

export const ZUpdateStaffRolesInput = z.object({ id: ZStaffId, roles: ZStaffRoles });
export type TUpdateStaffRolesInput = z.output<typeof ZUpdateStaffRolesInput>;

/** The list: a keyword (name, email, mobile), a role, enabled or disabled; paged on the server. */
export const ZStaffListInput = z.object({
  keyword: plainText('VALIDATION_FAILED').trim().max(STAFF_KEYWORD_MAX_LENGTH, code('VALIDATION_FAILED')).nullish().transform(blankToNull),
  role: z.enum(ROLES, code('VALIDATION_FAILED')).nullish(),
  disabled: z.boolean(code('VALIDATION_FAILED')).nullish(),
  page: z.number(code('VALIDATION_FAILED')).int().min(1).default(1),
  pageSize: z.number(code('VALIDATION_FAILED')).int().min(1).max(STAFF_PAGE_SIZE_MAX).default(STAFF_DEFAULT_PAGE_SIZE),
});
export type TStaffListInput = z.output<typeof ZStaffListInput>;
