/**
 * The application form's values and what only the form needs (closed days, the draft, the server's
 * refusals, the mutation's input). The rules themselves are the shared schema's, applied by
 * `application-validation.ts`, which the form loads after its first paint (zod stays out of the first load).
 */
import type { ApplicationRuleContext } from '@portal/shared/application/application.schema';
import type { IdType, MainlandIdProblem } from '@portal/shared/application/id-number';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import type { SubmitApplicationInput } from '../../../graphql/operations.generated';
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
  /** Verified at the counter instead of by face recognition: photos uploaded without face detection. */
  counterCheck: boolean;
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
  counterCheck: false,
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
    counterCheck: values.counterCheck === true,
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
