/**
 * The application form's rules: the shared schema of the submission (`submitApplicationSchema`: the
 * fields, the ID number of its type — GB 11643 for the mainland ID —, the birth date and the age on
 * the first show day; the server parses the same input with it), mapped onto the form's fields, plus
 * what only the form needs (closed days, the draft, the server's refusals). Loaded only with the
 * application pages, never with the login page.
 */
import { submitApplicationSchema, ZApplicationFields, type ApplicationRuleContext } from '@portal/shared/application/application.schema';
import type { IdType, MainlandIdProblem } from '@portal/shared/application/id-number';
import { isErrorCode, type ErrorCode } from '@portal/shared/errors/error-codes';
import type { SubmitApplicationInput } from '../../../graphql/operations.generated';
import { idProblemOf } from '../../../lib/id-problem';
import { serverFieldCodes } from '../../../lib/server-field-errors';

export interface PhotoRef {
  id: string;
  url: string;
}

export interface ApplicationFormValues {
  name: string;
  mobile: string;
  email: string;
  idType: IdType | null;
  idNumber: string;
  /** YYYY-MM-DD; asked only for non-mainland ID types. */
  birthDate: string | null;
  entryPhoto: PhotoRef | null;
  idPhoto: PhotoRef | null;
  visitDates: string[];
  activationCode: string;
  channelId: string | null;
  truthConfirmed: boolean;
  sensitiveConsent: boolean;
}

export type ApplicationField = keyof ApplicationFormValues;

export const EMPTY_APPLICATION: ApplicationFormValues = {
  name: '',
  mobile: '',
  email: '',
  idType: null,
  idNumber: '',
  birthDate: null,
  entryPhoto: null,
  idPhoto: null,
  visitDates: [],
  activationCode: '',
  channelId: null,
  truthConfirmed: false,
  sensitiveConsent: false,
};

/** A refused rule: its error code (the translated message) and, for the mainland ID, which part is wrong. */
export interface FieldProblem {
  code: ErrorCode;
  idProblem?: MainlandIdProblem;
}

export type RuleContext = ApplicationRuleContext;

/** The mutation's input from the form's values (before the shared schema parses it). */
export function toSubmitInput(values: ApplicationFormValues): SubmitApplicationInput {
  const mainland = values.idType === 'MAINLAND_ID';
  return {
    name: values.name ?? '',
    mobile: values.mobile ?? '',
    email: values.email ?? '',
    idType: values.idType as SubmitApplicationInput['idType'],
    idNumber: values.idNumber ?? '',
    birthDate: mainland ? null : values.birthDate || null,
    entryPhotoId: values.entryPhoto?.id ?? '',
    idPhotoId: values.idPhoto?.id ?? '',
    visitDates: [...(values.visitDates ?? [])].sort(),
    activationCode: values.activationCode ?? '',
    channelId: values.channelId || null,
    truthConfirmed: values.truthConfirmed === true,
    sensitiveConsent: values.sensitiveConsent === true,
  };
}

/** Where a path of the input (zod issue or server `extensions.fields`) is shown on the form. */
export function fieldOfInputPath(path: string): ApplicationField | undefined {
  const head = path.split('.')[0] ?? '';
  if (head === 'entryPhotoId') return 'entryPhoto';
  if (head === 'idPhotoId') return 'idPhoto';
  return head in EMPTY_APPLICATION ? (head as ApplicationField) : undefined;
}

/** Server codes that belong to one field even when the server names no field (uniqueness, code, capacity). */
const FIELD_OF_CODE: Partial<Record<ErrorCode, ApplicationField>> = {
  AUDIENCE_NAME_REQUIRED: 'name',
  AUDIENCE_NAME_INVALID: 'name',
  AUDIENCE_MOBILE_REQUIRED: 'mobile',
  AUDIENCE_MOBILE_INVALID: 'mobile',
  AUDIENCE_EMAIL_REQUIRED: 'email',
  AUDIENCE_MOBILE_TAKEN: 'mobile',
  AUTH_INVALID_EMAIL: 'email',
  AUDIENCE_ID_TYPE_REQUIRED: 'idType',
  AUDIENCE_ID_NUMBER_INVALID: 'idNumber',
  AUDIENCE_ID_NUMBER_TAKEN: 'idNumber',
  AUDIENCE_BIRTH_DATE_REQUIRED: 'birthDate',
  AUDIENCE_ENTRY_PHOTO_REQUIRED: 'entryPhoto',
  AUDIENCE_ID_PHOTO_REQUIRED: 'idPhoto',
  ACTIVATION_CODE_REQUIRED: 'activationCode',
  ACTIVATION_CODE_INVALID: 'activationCode',
  CHANNEL_INVALID: 'channelId',
  VISIT_DATE_REQUIRED: 'visitDates',
  VISIT_DATE_INVALID: 'visitDates',
  VISIT_DATE_DEADLINE_PASSED: 'visitDates',
  VISIT_DATE_FULL: 'visitDates',
  VISIT_DATE_REDEEMED: 'visitDates',
  VISIT_DATE_DEADLINE_SELECTED: 'visitDates',
  VISIT_DATE_DEADLINE_CHANGED: 'visitDates',
  AUDIENCE_TRUTH_REQUIRED: 'truthConfirmed',
  AUDIENCE_CONSENT_REQUIRED: 'sensitiveConsent',
};

/**
 * Every rule the browser can check, one problem per field (the first that fails, in the schema's order).
 * An empty result means the server will only refuse for reasons it alone knows (uniqueness, code, seats).
 */
export function validateApplication(values: ApplicationFormValues, context: RuleContext): Partial<Record<ApplicationField, FieldProblem>> {
  const problems: Partial<Record<ApplicationField, FieldProblem>> = {};
  const result = submitApplicationSchema(context).safeParse(toSubmitInput(values));
  if (result.success) return problems;
  // The birth date is asked (and shown) only once a non-mainland ID type is chosen.
  const asksBirthDate = Boolean(values.idType) && values.idType !== 'MAINLAND_ID';
  for (const issue of result.error.issues) {
    const field = fieldOfInputPath(issue.path.map(String).join('.'));
    if (!field || problems[field] || (field === 'birthDate' && !asksBirthDate)) continue;
    const code: ErrorCode = isErrorCode(issue.message) ? issue.message : field === 'idType' ? 'AUDIENCE_ID_TYPE_REQUIRED' : 'VALIDATION_FAILED';
    const idProblem = idProblemOf(issue);
    problems[field] = idProblem ? { code, idProblem } : { code };
  }
  return problems;
}

/** The input the server receives: the shared schema's output (mobile as +86…, email lower-cased, code upper-cased). */
export function parseApplication(values: ApplicationFormValues): SubmitApplicationInput | undefined {
  const result = ZApplicationFields.safeParse(toSubmitInput(values));
  if (!result.success) return undefined;
  return { ...result.data, birthDate: result.data.birthDate ?? null, channelId: result.data.channelId ?? null };
}

/** The server's refusal, field by field (`lib/server-field-errors.ts`). */
export function serverFieldProblems(error: unknown): Partial<Record<ApplicationField, FieldProblem>> {
  const codes = serverFieldCodes(error, fieldOfInputPath, FIELD_OF_CODE);
  const problems: Partial<Record<ApplicationField, FieldProblem>> = {};
  for (const [field, code] of Object.entries(codes) as Array<[ApplicationField, ErrorCode]>) problems[field] = { code };
  return problems;
}

export interface ShowDayOption {
  day: string;
  capacity: number;
  remaining: number;
  deadline: string;
}

export type DayState = 'open' | 'closed' | 'full';

/** A day closes at its deadline; a full day stays open to a visitor who already holds a seat on it. */
export function dayState(showDay: ShowDayOption, now: Date, alreadyHeld: boolean): DayState {
  if (now.getTime() >= new Date(showDay.deadline).getTime()) return 'closed';
  if (showDay.remaining <= 0 && !alreadyHeld) return 'full';
  return 'open';
}

/** What survives a reload (sessionStorage): everything typed and the uploaded photos' ids, never the consents. */
export function draftOf(values: ApplicationFormValues): Partial<ApplicationFormValues> {
  const { truthConfirmed: _truth, sensitiveConsent: _consent, ...rest } = values;
  return rest;
}

export function readDraft(storage: Pick<Storage, 'getItem'>, key: string): Partial<ApplicationFormValues> | undefined {
  try {
    const raw = storage.getItem(key);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const draft: Partial<ApplicationFormValues> = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (key in EMPTY_APPLICATION && key !== 'truthConfirmed' && key !== 'sensitiveConsent') (draft as Record<string, unknown>)[key] = value;
    }
    return draft;
  } catch {
    return undefined;
  }
}
