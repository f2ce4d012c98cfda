import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { INTERNATIONAL_MOBILE, toInternationalMobile } from '../auth/identity';
import { parseCalendarDate } from '../dates';
import { ID_TYPES } from './id-number';

/** SPEC 5/9: the minimum age on the first exhibition day. */
export const MINIMUM_VISITOR_AGE = 12;
export const NAME_MAX_LENGTH = 50;
export const REFUSE_REASON_MAX_LENGTH = 500;

/** Zod issue messages are error codes: the server answers with the code, the form shows its translation. */
const code = (value: ErrorCode) => ({ message: value });

/** Chinese names with the middle dot, Latin names with spaces, hyphens and apostrophes. */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}·.'\- ]*$/u;

export const ZVisitorName = z.string(code('AUDIENCE_NAME_INVALID')).trim().min(1, code('AUDIENCE_NAME_INVALID')).max(NAME_MAX_LENGTH, code('AUDIENCE_NAME_INVALID')).regex(NAME_PATTERN, code('AUDIENCE_NAME_INVALID'));

export const ZVisitorMobile = z
  .string(code('AUDIENCE_MOBILE_INVALID'))
  .trim()
  .transform(toInternationalMobile)
  .pipe(z.string().regex(INTERNATIONAL_MOBILE, code('AUDIENCE_MOBILE_INVALID')));

export const ZCalendarDate = z.string().refine((value) => parseCalendarDate(value) !== undefined, code('VALIDATION_FAILED'));

/**
 * The application form (SPEC 3 "Audience registration"). Rules needing the database or the show's
 * dates (uniqueness, code validity, age on the first day, capacity) are checked by the server service.
 */
export const ZSubmitApplicationInput = z.object({
  name: ZVisitorName,
  mobile: ZVisitorMobile,
  email: z.string(code('AUTH_INVALID_EMAIL')).trim().toLowerCase().pipe(z.email(code('AUTH_INVALID_EMAIL')).max(254, code('AUTH_INVALID_EMAIL'))),
  idType: z.enum(ID_TYPES, code('AUDIENCE_ID_TYPE_REQUIRED')),
  idNumber: z.string(code('AUDIENCE_ID_NUMBER_INVALID')).trim().min(1, code('AUDIENCE_ID_NUMBER_INVALID')).max(32, code('AUDIENCE_ID_NUMBER_INVALID')),
  /** Needed for the age rule when the ID is not a mainland resident ID (which carries the birth date). */
  birthDate: z.string().trim().nullish(),
  entryPhotoId: z.uuid(code('AUDIENCE_ENTRY_PHOTO_REQUIRED')),
  idPhotoId: z.uuid(code('AUDIENCE_ID_PHOTO_REQUIRED')),
  visitDates: z.array(ZCalendarDate).min(1, code('VISIT_DATE_REQUIRED')).max(10),
  activationCode: z.string(code('ACTIVATION_CODE_REQUIRED')).trim().toUpperCase().min(1, code('ACTIVATION_CODE_REQUIRED')).max(64, code('ACTIVATION_CODE_INVALID')),
  channelId: z.uuid(code('CHANNEL_INVALID')).nullish(),
  truthConfirmed: z.literal(true, code('AUDIENCE_TRUTH_REQUIRED')),
  sensitiveConsent: z.literal(true, code('AUDIENCE_CONSENT_REQUIRED')),
});
export type TSubmitApplicationInput = z.infer<typeof ZSubmitApplicationInput>;

export const ZRefuseApplicationInput = z.object({
  ids: z.array(z.uuid()).min(1).max(500),
  reason: z.string(code('AUDIENCE_REFUSE_REASON_REQUIRED')).trim().min(1, code('AUDIENCE_REFUSE_REASON_REQUIRED')).max(REFUSE_REASON_MAX_LENGTH, code('AUDIENCE_REFUSE_REASON_REQUIRED')),
});

export const ZApproveApplicationInput = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

export const ZSelectVisitDatesInput = z.object({
  days: z.array(ZCalendarDate).min(1, code('VISIT_DATE_REQUIRED')).max(10),
  /** The deadlines the page showed: the server refuses if one has changed since (SPEC 8). */
  // A Date from the GraphQL DateTime scalar, or an ISO string from other callers.
  seenDeadlines: z.array(z.object({ day: ZCalendarDate, deadline: z.coerce.date() })).max(31),
});
