import { describe, expect, it } from 'vitest';
import { registerAudienceInput } from '../api/register-audience';
import { registerIdentity, registerIdentityProblem } from './register-rules';

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
