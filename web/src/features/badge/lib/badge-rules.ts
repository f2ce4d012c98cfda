/**
 * The badge form's rules: the shared `badgeInputSchema` (the server parses the same input with it),
 * mapped onto the form's fields, and the server's refusals mapped the same way.
 */
import type { z } from 'zod';
import { badgeInputSchema, type BadgeRuleContext } from '@portal/shared/badge/badge.schema';
import { joinMobile, splitMobile, withoutSeparators } from '@portal/shared/mobile/mobile-number';
import type { IdType, MainlandIdProblem } from '@portal/shared/application/id-number';
import { isErrorCode, type ErrorCode } from '@portal/shared/errors/error-codes';
import type { PhotoValue } from '../../../components/photo-upload';
import type { BadgeInput } from '../../../graphql/operations.generated';
import { idProblemOf } from '../../../lib/id-problem';
import { serverFieldCodes } from '../../../lib/server-field-errors';

export interface BadgeFormValues {
  name: string;
  namePinyin: string;
  /** The one mobile input's value (`+86 13912345678`): the badge keeps its code and number apart. */
  mobile: string;
  email: string;
  idType: IdType | null;
  idNumber: string;
  country: string;
  deptName: string;
  position: string;
  companyNameZh: string;
  companyNameEn: string;
  entryPhoto: PhotoValue | null;
  idPhoto: PhotoValue | null;
  truthConfirmed: boolean;
  sensitiveConsent: boolean;
  /** Verified at the counter instead of by face recognition: photos uploaded without face detection. */
  counterCheck: boolean;
}

export type BadgeField = keyof BadgeFormValues;

export const EMPTY_BADGE: BadgeFormValues = {
  name: '',
  namePinyin: '',
  mobile: '',
  email: '',
  idType: null,
  idNumber: '',
  country: '',
  deptName: '',
  position: '',
  companyNameZh: '',
  companyNameEn: '',
  entryPhoto: null,
  idPhoto: null,
  truthConfirmed: false,
  sensitiveConsent: false,
  counterCheck: false,
};

export interface FieldProblem {
  code: ErrorCode;
  idProblem?: MainlandIdProblem;
}

/** The mutation's input from the form's values (before the shared schema parses it). */
export function toBadgeInput(values: BadgeFormValues): BadgeInput {
  return {
    name: values.name ?? '',
    namePinyin: values.namePinyin ?? '',
    ...badgePhoneOf(values.mobile ?? ''),
    email: values.email ?? '',
    idType: values.idType as BadgeInput['idType'],
    idNumber: values.idNumber ?? '',
    country: values.country ?? '',
    deptName: values.deptName ?? '',
    position: values.position ?? '',
    companyNameZh: values.companyNameZh ?? '',
    companyNameEn: values.companyNameEn ?? '',
    entryPhotoId: values.entryPhoto?.id ?? '',
    idPhotoId: values.idPhoto?.id ?? '',
    truthConfirmed: values.truthConfirmed === true,
    sensitiveConsent: values.sensitiveConsent === true,
    counterCheck: values.counterCheck === true,
  };
}

/** The badge's code and number from the mobile input's value. */
export function badgePhoneOf(mobile: string): { countryCode: string; phoneNumber: string } {
  const { callingCode, national } = splitMobile(mobile);
  return { countryCode: callingCode, phoneNumber: withoutSeparators(national) };
}

/** The mobile input's value from a badge's code and number. */
export const badgeMobileOf = (badge: { countryCode: string; phoneNumber: string }) => joinMobile(badge.countryCode, badge.phoneNumber);

/** Where a path of the input (a zod issue, or the server's `extensions.fields`) is shown on the form. */
export function fieldOfInputPath(path: string): BadgeField | undefined {
  const head = path.split('.')[0] ?? '';
  if (head === 'entryPhotoId') return 'entryPhoto';
  if (head === 'idPhotoId') return 'idPhoto';
  if (head === 'countryCode' || head === 'phoneNumber') return 'mobile';
  return head in EMPTY_BADGE ? (head as BadgeField) : undefined;
}

/** Server codes that belong to one field even when the server names none (uniqueness, photo ownership). */
const FIELD_OF_CODE: Partial<Record<ErrorCode, BadgeField>> = {
  BADGE_NAME_INVALID: 'name',
  BADGE_NAME_PINYIN_INVALID: 'namePinyin',
  BADGE_PHONE_INVALID: 'mobile',
  BADGE_ID_TYPE_REQUIRED: 'idType',
  BADGE_ID_NUMBER_INVALID: 'idNumber',
  BADGE_ID_NUMBER_TAKEN: 'idNumber',
  BADGE_TOO_YOUNG: 'idNumber',
  BADGE_PHONE_TAKEN: 'mobile',
  BADGE_COUNTRY_REQUIRED: 'country',
  BADGE_DEPT_REQUIRED: 'deptName',
  BADGE_POSITION_REQUIRED: 'position',
  BADGE_ENTRY_PHOTO_REQUIRED: 'entryPhoto',
  BADGE_ID_PHOTO_REQUIRED: 'idPhoto',
  BADGE_TRUTH_REQUIRED: 'truthConfirmed',
  BADGE_CONSENT_REQUIRED: 'sensitiveConsent',
};

function addProblems(problems: Partial<Record<BadgeField, FieldProblem>>, issues: readonly z.core.$ZodIssue[]) {
  for (const issue of issues) {
    const field = fieldOfInputPath(issue.path.map(String).join('.'));
    if (!field || problems[field]) continue;
    const code: ErrorCode = isErrorCode(issue.message) ? issue.message : 'VALIDATION_FAILED';
    const idProblem = idProblemOf(issue);
    problems[field] = idProblem ? { code, idProblem } : { code };
  }
}

/** Every rule the browser can check, one problem per field (the first that fails, in the schema's order), all at once. */
export function validateBadge(values: BadgeFormValues, context: BadgeRuleContext): Partial<Record<BadgeField, FieldProblem>> {
  const problems: Partial<Record<BadgeField, FieldProblem>> = {};
  const result = badgeInputSchema(context).safeParse(toBadgeInput(values));
  if (!result.success) addProblems(problems, result.error.issues);
  return problems;
}

/** The server's refusal, field by field (`lib/server-field-errors.ts`). */
export function serverFieldProblems(error: unknown): Partial<Record<BadgeField, FieldProblem>> {
  const problems: Partial<Record<BadgeField, FieldProblem>> = {};
  for (const [field, code] of Object.entries(serverFieldCodes(error, fieldOfInputPath, FIELD_OF_CODE)) as Array<[BadgeField, ErrorCode]>) problems[field] = { code };
  return problems;
}
