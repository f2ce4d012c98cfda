import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { ZRegisterExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { toE164Mobile } from '@portal/shared/mobile/mobile-number';
import { schemaProblem } from '../../../lib/schema-rule';
import { newPasswordProblem } from '../../../lib/new-password';
import { serverFieldCodes, topLevelField } from '../../../lib/server-field-errors';
import type { RegisterExhibitorValues } from '../api/register-exhibitor';

/** Where the sign-up code goes: the one chosen becomes the company's sign-in identity. */
export type CodeChannel = 'mobile' | 'email';
export const CODE_CHANNELS: readonly CodeChannel[] = ['email', 'mobile'];

export const REGISTER_FIELDS = ['nameZh', 'nameEn', 'contactName', 'contactMobile', 'contactEmail', 'code', 'password'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export type RegisterFormField = RegisterField | 'confirmPassword';
export type RegisterFormValues = Record<RegisterFormField, string>;
export const EMPTY_REGISTER_VALUES: RegisterFormValues = { nameZh: '', nameEn: '', contactName: '', contactMobile: '', contactEmail: '', code: '', password: '', confirmPassword: '' };

/** The company's fields, checked with the shared schema when they are left. */
export const REGISTER_TEXT_FIELDS = ['nameZh', 'nameEn', 'contactName', 'contactMobile', 'contactEmail'] as const;
export type RegisterTextField = (typeof REGISTER_TEXT_FIELDS)[number];
export const isRegisterTextField = (field: RegisterFormField): field is RegisterTextField => (REGISTER_TEXT_FIELDS as readonly RegisterFormField[]).includes(field);

const FIELD_OF_CODE: Partial<Record<ErrorCode, RegisterField>> = {
  ACCOUNT_IDENTITY_TAKEN: 'contactEmail',
  AUTH_CODE_REQUIRED: 'code',
  AUTH_WRONG_CODE: 'code',
  AUTH_CODE_EXPIRED: 'code',
  AUTH_WRONG_IDENTITY_OR_CODE: 'code',
  PASSWORD_TOO_WEAK: 'password',
};
const shape = ZRegisterExhibitorInput.shape;

/** The field that holds the chosen channel's address. */
export const channelField = (channel: CodeChannel): 'contactMobile' | 'contactEmail' => (channel === 'mobile' ? 'contactMobile' : 'contactEmail');

/** What is wrong with a field: a code of errors.json, `confirmRequired` for an empty confirmation, or undefined. */
export function registerFieldProblem(field: RegisterFormField, values: RegisterFormValues): string | undefined {
  const value = values[field];
  if (isRegisterTextField(field)) return schemaProblem(shape[field], value);
  if (field === 'code') return value.trim() ? undefined : 'AUTH_CODE_REQUIRED';
  return newPasswordProblem(field, values);
}

/** The address the code is sent to: the mobile in E.164 (as typed, trimmed, when it breaks the rule), the email without its spaces. */
export function codeIdentity(channel: CodeChannel, values: RegisterFormValues): string {
  return channel === 'mobile' ? (toE164Mobile(values.contactMobile) ?? values.contactMobile.trim()) : values.contactEmail.trim().replace(/\s/g, '');
}

/** What registering sends: every field but the confirmation, and the channel the code went to. */
export function registerInput({ confirmPassword: _confirm, ...values }: RegisterFormValues, channel: CodeChannel): RegisterExhibitorValues {
  return { ...values, codeSentTo: channel };
}

/** A refusal field by field; an identity taken is shown at the mobile when the code went to the mobile. */
export function registerProblems(error: unknown, channel: CodeChannel): Partial<Record<RegisterField, ErrorCode>> {
  const problems = serverFieldCodes(error, topLevelField(REGISTER_FIELDS), FIELD_OF_CODE);
  if (problems.contactEmail === 'ACCOUNT_IDENTITY_TAKEN' && channel === 'mobile') problems.contactMobile = problems.contactEmail;
  return problems;
}
