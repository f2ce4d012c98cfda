import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { zMobile } from '../mobile/mobile-number.schema';
import { ageOn, parseCalendarDate } from '../dates';
import { plainText } from '../text';
import { ACTIVATION_CODE_MAX_LENGTH, EMAIL_MAX_LENGTH, ID_NUMBER_MAX_LENGTH, NAME_MAX_LENGTH } from './application-limits';
import { checkMainlandId, ID_TYPES, NON_MAINLAND_ID_PATTERN, normaliseIdNumber } from './id-number';
import { visitorNameProblem } from './visitor-name';

export { ACTIVATION_CODE_MAX_LENGTH, EMAIL_MAX_LENGTH, ID_NUMBER_MAX_LENGTH, NAME_MAX_LENGTH };

/** SPEC 5/9: the minimum age on the first exhibition day, for visitors and exhibitors' staff alike. */
export const MINIMUM_ATTENDEE_AGE = 12;
export const MAX_VISIT_DAYS = 10;

/** Zod issue messages are error codes: the server answers with the code, the form shows its translation. */
const code = (value: ErrorCode) => ({ message: value });

export const ZVisitorName = z
  .string(code('AUDIENCE_NAME_INVALID'))
  .trim()
  .check((context) => {
    const problem = visitorNameProblem(context.value);
    if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value });
  });

export const ZVisitorMobile = zMobile({ invalid: 'AUDIENCE_MOBILE_INVALID', required: 'AUDIENCE_MOBILE_REQUIRED' });

export const ZEmail = z
  .string(code('AUTH_INVALID_EMAIL'))
  .trim()
  // SPEC 5: "required" and "valid" are two messages.
  .min(1, code('AUDIENCE_EMAIL_REQUIRED'))
  .toLowerCase()
  .pipe(z.email(code('AUTH_INVALID_EMAIL')).max(EMAIL_MAX_LENGTH, code('AUTH_INVALID_EMAIL')));

export const ZCalendarDate = z.string(code('VALIDATION_FAILED')).refine((value) => parseCalendarDate(value) !== undefined, code('VALIDATION_FAILED'));

/** The shape of the application form (SPEC 3 "Audience registration"), without the rules that need the show's dates. */
export const ZApplicationFields = z.object({
  name: ZVisitorName,
  mobile: ZVisitorMobile,
  email: ZEmail,
  idType: z.enum(ID_TYPES, code('AUDIENCE_ID_TYPE_REQUIRED')),
  idNumber: plainText('AUDIENCE_ID_NUMBER_INVALID')
    .transform(normaliseIdNumber)
    .pipe(z.string().min(1, code('AUDIENCE_ID_NUMBER_INVALID')).max(ID_NUMBER_MAX_LENGTH, code('AUDIENCE_ID_NUMBER_INVALID'))),
  /** Needed for the age rule when the ID is not a mainland resident ID (which carries the birth date). */
  birthDate: z.string(code('AUDIENCE_BIRTH_DATE_REQUIRED')).trim().nullish(),
  entryPhotoId: z.uuid(code('AUDIENCE_ENTRY_PHOTO_REQUIRED')),
  idPhotoId: z.uuid(code('AUDIENCE_ID_PHOTO_REQUIRED')),
  visitDates: z.array(ZCalendarDate, code('VISIT_DATE_REQUIRED')).min(1, code('VISIT_DATE_REQUIRED')).max(MAX_VISIT_DAYS, code('VISIT_DATE_INVALID')),
  activationCode: plainText('ACTIVATION_CODE_REQUIRED')
    .trim()
    .toUpperCase()
    .min(1, code('ACTIVATION_CODE_REQUIRED'))
    .max(ACTIVATION_CODE_MAX_LENGTH, code('ACTIVATION_CODE_INVALID')),
  channelId: z.uuid(code('CHANNEL_INVALID')).nullish(),
  truthConfirmed: z.literal(true, code('AUDIENCE_TRUTH_REQUIRED')),
  sensitiveConsent: z.literal(true, code('AUDIENCE_CONSENT_REQUIRED')),
  /** Verified at the counter instead of by face recognition (decision 0209): no face data is kept, no penalty. */
  counterCheck: z.boolean(code('VALIDATION_FAILED')).optional(),
});

/** What the ID and age rules need to know that the form does not carry. */
export interface ApplicationRuleContext {
  /** Today in Shanghai (YYYY-MM-DD): a birth date may not lie after it. */
  today: string;
  /** The first exhibition day: the age rule applies on it (unknown: the rule waits for the server). */
  firstShowDay: string | undefined;
}

export type TApplicationFields = z.output<typeof ZApplicationFields>;

/**
 * The application with every rule that needs no database: the shape above plus the ID number of its
 * type (GB 11643 for the mainland ID, which carries the birth date), the birth date otherwise, and the
 * minimum age on the first show day. `birthDate` comes out as the date the age rule used.
 * The issue of a bad mainland ID carries `params.idProblem` (FORMAT, BIRTH_DATE, CHECK_DIGIT).
 */
export function submitApplicationSchema(context: ApplicationRuleContext) {
  return ZApplicationFields.superRefine(idAndAgeRules(context)).transform(withBirthDate(context));
}

/** The ID and age rules over a form already parsed by `ZApplicationFields` (the server knows today and the show's first day). */
export function applicationRulesSchema(context: ApplicationRuleContext) {
  return z.custom<TApplicationFields>().superRefine(idAndAgeRules(context)).transform(withBirthDate(context));
}

function idAndAgeRules(context: ApplicationRuleContext) {
  return (input: TApplicationFields, issues: z.RefinementCtx) => {
    let birthDate: string | undefined;
    if (input.idType === 'MAINLAND_ID') {
      const checked = checkMainlandId(input.idNumber, context.today);
      if (!checked.ok) {
        issues.addIssue({ code: 'custom', path: ['idNumber'], message: 'AUDIENCE_ID_NUMBER_INVALID', params: { idProblem: checked.problem } });
        return;
      }
      birthDate = checked.birthDate;
    } else {
      if (!NON_MAINLAND_ID_PATTERN.test(input.idNumber)) issues.addIssue({ code: 'custom', path: ['idNumber'], message: 'AUDIENCE_ID_NUMBER_INVALID' });
      const given = input.birthDate?.trim();
      if (!given) {
        issues.addIssue({ code: 'custom', path: ['birthDate'], message: 'AUDIENCE_BIRTH_DATE_REQUIRED' });
        return;
      }
      if (!parseCalendarDate(given) || given > context.today) {
        issues.addIssue({ code: 'custom', path: ['birthDate'], message: 'VALIDATION_FAILED' });
        return;
      }
      birthDate = given;
    }
    const age = context.firstShowDay ? ageOn(birthDate, context.firstShowDay) : undefined;
    if (age !== undefined && age < MINIMUM_ATTENDEE_AGE) {
      issues.addIssue({ code: 'custom', path: [input.idType === 'MAINLAND_ID' ? 'idNumber' : 'birthDate'], message: 'AUDIENCE_TOO_YOUNG' });
    }
  };
}

function withBirthDate(context: ApplicationRuleContext) {
  return (input: TApplicationFields) => ({
    ...input,
    birthDate: input.idType === 'MAINLAND_ID' ? (checkMainlandId(input.idNumber, context.today) as { birthDate: string }).birthDate : (input.birthDate?.trim() ?? ''),
  });
}
export type TSubmitApplicationInput = z.output<ReturnType<typeof submitApplicationSchema>>;

export const ZSelectVisitDatesInput = z.object({
  days: z.array(ZCalendarDate, code('VISIT_DATE_REQUIRED')).min(1, code('VISIT_DATE_REQUIRED')).max(MAX_VISIT_DAYS, code('VISIT_DATE_INVALID')),
  /** The deadlines the page showed: the server refuses if one has changed since (SPEC 8). */
  // A Date from the GraphQL DateTime scalar, or an ISO string from other callers.
  seenDeadlines: z.array(z.object({ day: ZCalendarDate, deadline: z.coerce.date() })).max(31),
});
export type TSelectVisitDatesInput = z.output<typeof ZSelectVisitDatesInput>;
