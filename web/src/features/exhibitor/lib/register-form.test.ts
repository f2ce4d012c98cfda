import { describe, expect, it } from 'vitest';
import { toE164Mobile } from '@portal/shared/mobile/mobile-number';
import { GraphQLClientError } from '../../../lib/graphql-client';
import { EMPTY_REGISTER_VALUES, codeIdentity, registerFieldProblem, registerInput, registerProblems, type RegisterFormValues } from './register-form';

const refusal = (code: string) => new GraphQLClientError(200, [{ message: code, extensions: { code, classification: 'BAD_REQUEST' } }], null);
const typed: RegisterFormValues = {
  nameZh: '重庆宗申',
  nameEn: 'Zongshen',
  contactName: '李明',
  contactMobile: '+86 138-0013 8000',
  contactEmail: ' expo@zongshen.example ',
  code: '123456',
  password: 'expo2027ok',
  confirmPassword: 'expo2027ok',
};

describe('the exhibitor self-registration form', () => {
  it('checks the company’s fields with the schema the server parses', () => {
    expect(registerFieldProblem('nameZh', EMPTY_REGISTER_VALUES)).toBe('EXHIBITOR_NAME_ZH_INVALID');
    expect(registerFieldProblem('nameEn', EMPTY_REGISTER_VALUES)).toBe('EXHIBITOR_NAME_EN_INVALID');
    expect(registerFieldProblem('contactName', EMPTY_REGISTER_VALUES)).toBe('EXHIBITOR_CONTACT_INVALID');
    expect(registerFieldProblem('contactMobile', { ...typed, contactMobile: '+86 12345' })).toBe('EXHIBITOR_MOBILE_INVALID');
    expect(registerFieldProblem('contactEmail', { ...typed, contactEmail: 'expo@' })).toBe('AUTH_INVALID_EMAIL');
    for (const field of ['nameZh', 'nameEn', 'contactName', 'contactMobile', 'contactEmail'] as const) expect(registerFieldProblem(field, typed), field).toBeUndefined();
  });

  it('asks for the code, a strong password and the same password again', () => {
    expect(registerFieldProblem('code', { ...typed, code: '   ' })).toBe('AUTH_CODE_REQUIRED');
    expect(registerFieldProblem('code', typed)).toBeUndefined();
    expect(registerFieldProblem('password', { ...typed, password: 'onlyletters' })).toBe('PASSWORD_TOO_WEAK');
    expect(registerFieldProblem('password', typed)).toBeUndefined();
    expect(registerFieldProblem('confirmPassword', { ...typed, confirmPassword: '' })).toBe('confirmRequired');
    expect(registerFieldProblem('confirmPassword', { ...typed, confirmPassword: 'expo2027OK' })).toBe('PASSWORD_MISMATCH');
    expect(registerFieldProblem('confirmPassword', typed)).toBeUndefined();
  });

  it('sends the code to the mobile in E.164 and to the email without its spaces', () => {
    expect(codeIdentity('mobile', typed)).toBe('+8613800138000');
    expect(codeIdentity('mobile', typed)).toBe(toE164Mobile(typed.contactMobile));
    expect(codeIdentity('mobile', { ...typed, contactMobile: '+852 9123 4567' })).toBe('+85291234567');
    expect(codeIdentity('mobile', { ...typed, contactMobile: '+8613800138000' })).toBe('+8613800138000');
    // A number off the rule is sent as typed (trimmed); the field's own check stops it first.
    expect(codeIdentity('mobile', { ...typed, contactMobile: ' +86 12345 ' })).toBe('+86 12345');
    expect(codeIdentity('email', typed)).toBe('expo@zongshen.example');
    expect(codeIdentity('email', { ...typed, contactEmail: 'first-last @example.com' })).toBe('first-last@example.com');
  });

  it('sends every field but the confirmation, with the channel the code went to', () => {
    const { confirmPassword: _confirm, ...fields } = typed;
    expect(registerInput(typed, 'mobile')).toStrictEqual({ ...fields, codeSentTo: 'mobile' });
    expect(registerInput(typed, 'email').codeSentTo).toBe('email');
  });

  it('shows a taken identity at the address the code went to, and code problems at the code', () => {
    expect(registerProblems(refusal('ACCOUNT_IDENTITY_TAKEN'), 'email')).toEqual({ contactEmail: 'ACCOUNT_IDENTITY_TAKEN' });
    expect(registerProblems(refusal('ACCOUNT_IDENTITY_TAKEN'), 'mobile')).toMatchObject({ contactMobile: 'ACCOUNT_IDENTITY_TAKEN' });
    for (const code of ['AUTH_CODE_REQUIRED', 'AUTH_WRONG_CODE', 'AUTH_CODE_EXPIRED', 'AUTH_WRONG_IDENTITY_OR_CODE']) {
      expect(registerProblems(refusal(code), 'mobile'), code).toEqual({ code });
    }
    expect(registerProblems(refusal('PASSWORD_TOO_WEAK'), 'email')).toEqual({ password: 'PASSWORD_TOO_WEAK' });
    expect(registerProblems(refusal('RATE_LIMITED'), 'email')).toEqual({});
  });
});
