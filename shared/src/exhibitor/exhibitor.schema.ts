import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';
import { zMobile } from '../mobile/mobile-number.schema';
import { VERIFICATION_CODE_LENGTH } from '../auth/credentials';
import { ZNewPassword } from '../account/account.schema';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../application/application.schema';
import { CREDENTIAL_LIMIT_MAX, ZCompanyQuotaFields, refineOverrideReason } from './badge-quota';

/** A self-registered company waits as PENDING until an organizer approves it; DISABLED companies cannot sign in. */
export const EXHIBITOR_STATUSES = ['PENDING', 'ACTIVE', 'DISABLED'] as const;
export type ExhibitorStatus = (typeof EXHIBITOR_STATUSES)[number];

export const COMPANY_NAME_MAX_LENGTH = 100;
export const BOOTH_NUMBER_MAX_LENGTH = 20;
export const EXHIBITOR_KEYWORD_MAX_LENGTH = 64;
export const EXHIBITOR_PAGE_SIZE_MAX = 100;
export { CREDENTIAL_LIMIT_MAX, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH };

const code = (value: ErrorCode) => ({ message: value });
const requiredText = (message: ErrorCode, max: number) => plainText(message).trim().min(1, code(message)).max(max, code(message));

const ZContactMobile = zMobile({ invalid: 'EXHIBITOR_MOBILE_INVALID' });
const ZContactEmail = plainText('AUTH_INVALID_EMAIL')
  .trim()
  .toLowerCase()
  .pipe(z.email(code('AUTH_INVALID_EMAIL')).max(EMAIL_MAX_LENGTH, code('AUTH_INVALID_EMAIL')));
/** Empty text is "no value" (an optional form field left blank). */
const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value : null);

/** What the organizer and the company itself say about the company. */
const ZCompanyFields = z.object({
  nameZh: requiredText('EXHIBITOR_NAME_ZH_INVALID', COMPANY_NAME_MAX_LENGTH),
  nameEn: requiredText('EXHIBITOR_NAME_EN_INVALID', COMPANY_NAME_MAX_LENGTH),
  contactName: requiredText('EXHIBITOR_CONTACT_INVALID', NAME_MAX_LENGTH),
});

/**
 * Self-registration: both contact channels are required; the code goes to the one named by
 * `codeSentTo`, and only that verified one becomes the account's sign-in identity.
 */
export const ZRegisterExhibitorInput = ZCompanyFields.extend({
  contactMobile: ZContactMobile,
  contactEmail: ZContactEmail,
  codeSentTo: z.enum(['mobile', 'email'], code('VALIDATION_FAILED')),
  code: plainText('AUTH_CODE_REQUIRED').trim().min(1, code('AUTH_CODE_REQUIRED')).max(VERIFICATION_CODE_LENGTH * 2, code('AUTH_WRONG_CODE')),
  password: ZNewPassword,
});
export type TRegisterExhibitorInput = z.output<typeof ZRegisterExhibitorInput>;

export const ZBoothNumber = plainText('EXHIBITOR_BOOTH_INVALID').trim().max(BOOTH_NUMBER_MAX_LENGTH, code('EXHIBITOR_BOOTH_INVALID')).nullish().transform(blankToNull);

/**
 * What an organizer edits (the contact channels that are sign-in identities are not edited here): the booth's
 * number, area and type, and an override of the badge limit the booth gives, with its reason
 * (docs/decisions/0417-badge-quotas.md).
 */
export const ZExhibitorEditFields = ZCompanyFields.extend({
  bootNumber: ZBoothNumber,
  ...ZCompanyQuotaFields.shape,
  /** A picture uploaded for EXHIBITOR_LOGO; on an edit, absent keeps the logo and null removes it. */
  logoId: z.uuid(code('EXHIBITOR_LOGO_INVALID')).nullish(),
});

/** The organizer creates a company with its account: at least one of mobile and email, both become sign-in identities. */
export const ZCreateExhibitorInput = ZExhibitorEditFields.extend({
  contactMobile: z.union([z.literal(''), ZContactMobile]).nullish().transform(blankToNull),
  contactEmail: z.union([z.literal(''), ZContactEmail]).nullish().transform(blankToNull),
})
  .refine((input) => input.contactMobile || input.contactEmail, { path: ['contactEmail'], ...code('EXHIBITOR_IDENTITY_REQUIRED') })
  .superRefine(refineOverrideReason);
export type TCreateExhibitorInput = z.output<typeof ZCreateExhibitorInput>;

export const ZUpdateExhibitorInput = ZExhibitorEditFields.extend({ id: z.uuid(code('NOT_FOUND')) }).superRefine(refineOverrideReason);
export type TUpdateExhibitorInput = z.output<typeof ZUpdateExhibitorInput>;

export const ZExhibitorId = z.uuid(code('NOT_FOUND'));

/** At most this many companies are approved by one request (a page of the list holds at most 100). */
export const MAX_BULK_EXHIBITOR_APPROVALS = 500;
export const ZExhibitorIds = z.array(ZExhibitorId).min(1, code('VALIDATION_FAILED')).max(MAX_BULK_EXHIBITOR_APPROVALS, code('VALIDATION_FAILED'));

/** The organizer's list: status, a keyword (names, booth, contact, sign-in identity), server-side paging. */
export const ZExhibitorListInput = z.object({
  status: z.enum(EXHIBITOR_STATUSES, code('VALIDATION_FAILED')).nullish(),
  keyword: plainText('VALIDATION_FAILED').trim().max(EXHIBITOR_KEYWORD_MAX_LENGTH, code('VALIDATION_FAILED')).nullish().transform(blankToNull),
  page: z.number(code('VALIDATION_FAILED')).int().min(1).default(1),
  pageSize: z.number(code('VALIDATION_FAILED')).int().min(1).max(EXHIBITOR_PAGE_SIZE_MAX).default(20),
});
export type TExhibitorListInput = z.output<typeof ZExhibitorListInput>;
