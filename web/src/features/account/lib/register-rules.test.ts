import { describe, expect, it } from 'vitest';
import { registerAudienceInput } from '../api/register-audience';
import { GraphQLClientError } from '../../../lib/graphql-client';
import { registerFieldProblems, registerIdentity, registerIdentityProblem } from './register-rules';

describe('registration identity (SPEC 5/9)', () => {
  it('a mainland mobile is 11 digits starting 1-9; others need + and the country code', () => {
    expect(registerIdentityProblem('mobile', '')).toBe('required');
    expect(registerIdentityProblem('mobile', '13800000000')).toBeUndefined();
    expect(registerIdentityProblem('mobile', '138 0000 0000')).toBeUndefined();
    expect(registerIdentityProblem('mobile', '+85291234567')).toBeUndefined();
    expect(registerIdentityProblem('mobile', '03800000000')).toBe('invalid');
    expect(registerIdentityProblem('mobile', '1380000000')).toBe('invalid');
    expect(registerIdentityProblem('mobile', 'visitor@example.com')).toBe('invalid');
  });

  it('an email must be valid', () => {
    expect(registerIdentityProblem('email', ' ')).toBe('required');
    expect(registerIdentityProblem('email', 'Visitor@Example.com')).toBeUndefined();
    expect(registerIdentityProblem('email', 'visitor@example')).toBe('invalid');
  });

  it('the mutation gets +86 for a mainland mobile, a lower-cased email and the password in base64', () => {
    expect(registerAudienceInput({ identity: registerIdentity('mobile', '138 0000-0000'), code: ' 123456 ', password: 'Visitor12345', name: ' 张三 ' })).toEqual({
      identity: '+8613800000000',
      code: '123456',
      password: btoa('Visitor12345'),
      name: '张三',
    });
    expect(registerAudienceInput({ identity: 'Visitor@Example.com', code: '1', password: '密码abc12345', name: 'A' }).identity).toBe('visitor@example.com');
  });
});

describe('server refusals land on their field', () => {
  const refusal = (code: string, fields?: Array<{ path: string; message: string }>) =>
    new GraphQLClientError(200, [{ message: 'refused', extensions: { classification: 'BAD_REQUEST', code, ...(fields ? { fields } : {}) } }], null);

  it('by the fields the server names, else by the code', () => {
    expect(registerFieldProblems(refusal('VALIDATION_FAILED', [{ path: 'name', message: 'AUDIENCE_NAME_INVALID' }]))).toEqual({ name: 'AUDIENCE_NAME_INVALID' });
    expect(registerFieldProblems(refusal('AUTH_WRONG_CODE'))).toEqual({ code: 'AUTH_WRONG_CODE' });
    expect(registerFieldProblems(refusal('ACCOUNT_IDENTITY_TAKEN'))).toEqual({ identity: 'ACCOUNT_IDENTITY_TAKEN' });
    expect(registerFieldProblems(refusal('AUTH_CAPTCHA_INVALID'))).toEqual({});
    expect(registerFieldProblems(new Error('network'))).toEqual({});
  });
});
