import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';
import { isCountryCode } from '../country/countries';
import { isValidMobile, toE164Mobile, withoutSeparators } from '../mobile/mobile-number';
import { zCallingCode, zNationalNumber } from '../mobile/mobile-number.schema';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, ID_NUMBER_MAX_LENGTH, MINIMUM_ATTENDEE_AGE, ZEmail } from '../application/application.schema';
import { ageOn } from '../dates';
import { SUBMISSION_STATUSES } from '../submission/submission.schema';
import { checkMainlandId, ID_TYPES, NON_MAINLAND_ID_PATTERN, normaliseIdNumber } from '../application/id-number';

export const BADGE_TEXT_MAX_LENGTH = 100;
export const BADGE_PAGE_SIZE_MAX = 100;
export const BADGE_KEYWORD_MAX_LENGTH = 64;
export { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, ID_NUMBER_MAX_LENGTH };

const code = (value: ErrorCode) => ({ message: value });

/** Chinese names with the middle dot, Latin names with spaces, hyphens and apostrophes. */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}·.'\- ]*$/u;
/** Pinyin as printed on a badge: Latin letters (tone marks allowed), spaces, hyphens, apostrophes. */
const PINYIN_PATTERN = /^[A-Za-z\u00C0-\u024F][A-Za-z\u00C0-\u024F'\- ]*$/;

const requiredText = (message: ErrorCode, max = BADGE_TEXT_MAX_LENGTH) => plainText(message).trim().min(1, code(message)).max(max, code(message));

/** SPEC 3 "Badge application": the fields an exhibitor fills for one staff member. */
export const ZBadgeFields = z.object({
  name: requiredText('BADGE_NAME_INVALID', NAME_MAX_LENGTH).regex(NAME_PATTERN, code('BADGE_NAME_INVALID')),
  namePinyin: requiredText('BADGE_NAME_PINYIN_INVALID', NAME_MAX_LENGTH * 4).regex(PINYIN_PATTERN, code('BADGE_NAME_PINYIN_INVALID')),
  countryCode: zCallingCode('BADGE_PHONE_INVALID'),
  phoneNumber: zNationalNumber('BADGE_PHONE_INVALID'),
  email: ZEmail,
  idType: z.enum(ID_TYPES, code('BADGE_ID_TYPE_REQUIRED')),
  idNumber: plainText('BADGE_ID_NUMBER_INVALID')
    .transform(normaliseIdNumber)
    .pipe(z.string().min(1, code('BADGE_ID_NUMBER_INVALID')).max(ID_NUMBER_MAX_LENGTH, code('BADGE_ID_NUMBER_INVALID'))),
  /** A code of the one country list (the catalog's too). */
  country: plainText('BADGE_COUNTRY_REQUIRED').trim().refine((value): boolean => isCountryCode(value), code('BADGE_COUNTRY_REQUIRED')),
  deptName: requiredText('BADGE_DEPT_REQUIRED'),
  position: requiredText('BADGE_POSITION_REQUIRED'),
  companyNameZh: requiredText('BADGE_COMPANY_REQUIRED'),
  companyNameEn: requiredText('BADGE_COMPANY_REQUIRED'),
  entryPhotoId: z.uuid(code('BADGE_ENTRY_PHOTO_REQUIRED')),
  idPhotoId: z.uuid(code('BADGE_ID_PHOTO_REQUIRED')),
  truthConfirmed: z.literal(true, code('BADGE_TRUTH_REQUIRED')),
  sensitiveConsent: z.literal(true, code('BADGE_CONSENT_REQUIRED')),
  /** Verified at the counter instead of by face recognition (decision 0209): no face data is kept, no penalty. */
  counterCheck: z.boolean(code('VALIDATION_FAILED')).optional(),
});

/** What the age rule needs that the form does not carry. */
export interface BadgeRuleContext {
  /** Today in Shanghai (YYYY-MM-DD): a birth date in the ID may not lie after it. */
  today: string;
  /** The first exhibition day: the age rule applies on it (unknown: the rule waits for the server). */
  firstShowDay: string | undefined;
}

type TBadgeIdentity = Pick<z.output<typeof ZBadgeFields>, 'countryCode' | 'phoneNumber' | 'idType' | 'idNumber'>;

/**
 * The rules that join two fields: the one mobile rule across the code and the number (shared/src/mobile), the ID number of its type and the minimum
 * age. They run whether or not other fields failed (`when`), so the values may be of any shape: a rule
 * whose field already failed its own check adds nothing.
 */
function refineIdentity(context: BadgeRuleContext) {
  return (input: TBadgeIdentity, issues: z.core.$RefinementCtx<TBadgeIdentity>) => {
    if (typeof input !== 'object' || input === null) return;
    const { countryCode, phoneNumber, idType, idNumber } = input as Partial<Record<keyof TBadgeIdentity, unknown>>;
    if (typeof countryCode === 'string' && typeof phoneNumber === 'string' && /^\d{4,14}$/.test(phoneNumber) && !isValidMobile(countryCode, phoneNumber)) {
      issues.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'BADGE_PHONE_INVALID' });
    }
    if (typeof idNumber !== 'string' || idNumber === '' || idNumber.length > ID_NUMBER_MAX_LENGTH) return;
    if (idType === 'MAINLAND_ID') {
      const checked = checkMainlandId(idNumber, context.today);
      if (!checked.ok) {
        issues.addIssue({ code: 'custom', path: ['idNumber'], message: 'BADGE_ID_NUMBER_INVALID', params: { idProblem: checked.problem } });
        return;
      }
      // SPEC 5's age rule covers everyone the show admits; a passport or permit carries no birth date here.
      const age = context.firstShowDay ? ageOn(checked.birthDate, context.firstShowDay) : undefined;
      if (age !== undefined && age < MINIMUM_ATTENDEE_AGE) issues.addIssue({ code: 'custom', path: ['idNumber'], message: 'BADGE_TOO_YOUNG' });
    } else if (typeof idType === 'string' && !NON_MAINLAND_ID_PATTERN.test(idNumber)) {
      issues.addIssue({ code: 'custom', path: ['idNumber'], message: 'BADGE_ID_NUMBER_INVALID' });
    }
  };
}

/**
 * The badge form with every rule that needs no database: the shape above, a mainland mobile for +86,
 * the ID number of its type (GB 11643 for the mainland ID, as for visitors) and the minimum age on the
 * first show day. Every rule reports at once: the joint rules run even when another field failed, so
 * a form shows all its problems after one check.
 */
export function badgeInputSchema(context: BadgeRuleContext) {
  return ZBadgeFields.superRefine(refineIdentity(context), { when: () => true });
}
export type TBadgeInput = z.output<ReturnType<typeof badgeInputSchema>>;

export const ZBadgeId = z.uuid(code('NOT_FOUND'));

/** Created between two instants (ISO date-times from the list's range picker), inclusive. */
const ZInstant = z.coerce.date(code('VALIDATION_FAILED'));

/** The badge list's filter and paging: the exhibitor's own list, the organizer's queue and both exports. */
export const ZBadgeListInput = z.object({
  status: z.enum(SUBMISSION_STATUSES, code('VALIDATION_FAILED')).nullish(),
  createdFrom: ZInstant.nullish(),
  createdTo: ZInstant.nullish(),
  /** Organizers only: one company's badges. */
  exhibitorId: z.uuid(code('VALIDATION_FAILED')).nullish(),
  /** Name or pinyin (contains), phone, or the ID number's last four characters. */
  keyword: plainText('VALIDATION_FAILED').trim().max(BADGE_KEYWORD_MAX_LENGTH, code('VALIDATION_FAILED')).nullish(),
  page: z.number(code('VALIDATION_FAILED')).int().min(1).default(1),
  pageSize: z.number(code('VALIDATION_FAILED')).int().min(1).max(BADGE_PAGE_SIZE_MAX).default(20),
});
export type TBadgeListInput = z.output<typeof ZBadgeListInput>;
export type TBadgeFilter = Omit<TBadgeListInput, 'page' | 'pageSize'>;

/** The list's filter as a query string (the export links) and back. */
export function badgeFilterToSearch(filter: Partial<TBadgeFilter>): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.status) search.set('status', filter.status);
  if (filter.createdFrom) search.set('createdFrom', filter.createdFrom.toISOString());
  if (filter.createdTo) search.set('createdTo', filter.createdTo.toISOString());
  if (filter.exhibitorId) search.set('exhibitorId', filter.exhibitorId);
  if (filter.keyword) search.set('keyword', filter.keyword);
  return search;
}

export function badgeFilterFromQuery(query: Record<string, string | undefined>): unknown {
  return { status: query.status || null, createdFrom: query.createdFrom || null, createdTo: query.createdTo || null, exhibitorId: query.exhibitorId || null, keyword: query.keyword || null };
}
export const ZBadgeFilter = ZBadgeListInput.omit({ page: true, pageSize: true });

/** /ticket: a staff member asks for the approved badge's QR with the ID number and the mobile given on it. */
export const ZBadgeTicketInput = z.object({
  idNumber: plainText('BADGE_TICKET_NOT_FOUND').transform(normaliseIdNumber).pipe(z.string().min(1, code('BADGE_TICKET_NOT_FOUND')).max(ID_NUMBER_MAX_LENGTH, code('BADGE_TICKET_NOT_FOUND'))),
  // The one mobile rule's E.164 where the number keeps it (`+86 139…`, a pasted `+86139…` beside the +86 picker), else as typed.
  phoneNumber: plainText('BADGE_TICKET_NOT_FOUND').trim().transform((value) => toE164Mobile(value) ?? withoutSeparators(value)).pipe(z.string().min(1, code('BADGE_TICKET_NOT_FOUND')).max(20, code('BADGE_TICKET_NOT_FOUND'))),
});
export type TBadgeTicketInput = z.output<typeof ZBadgeTicketInput>;

/** /ticket photo replacement: the look-up's ID number and mobile with the SMS code sent to that mobile. */
export const ZBadgePhotoReplaceInput = ZBadgeTicketInput.extend({
  code: plainText('TICKET_PHOTO_CODE_INVALID').trim().regex(/^\d{6}$/, code('TICKET_PHOTO_CODE_INVALID')),
  /** The badge is verified at the counter (`BadgeTicket.counterCheck`): the new picture gets no face detection. */
  counterCheck: z.boolean(code('VALIDATION_FAILED')).optional(),
});
export type TBadgePhotoReplaceInput = z.output<typeof ZBadgePhotoReplaceInput>;
