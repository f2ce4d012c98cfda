import { describe, expect, it } from 'vitest';
import { loginFields } from './login';
import { sendCodeFields } from '../../../lib/send-code';

describe('login form fields', () => {
  it('sends an 11-digit mainland mobile as +86 and the password base64-encoded', () => {
    const fields = loginFields({ identity: ' 13800000000 ', password: 'Admin12345', captcha: 'payload', scope: 'organizer' });
    expect(Object.fromEntries(fields)).toEqual({ identity: '+8613800000000', password: btoa('Admin12345'), captcha: 'payload', scope: 'organizer' });
  });
  it('sends the code instead of a password for code login', () => {
    const fields = loginFields({ identity: 'a@b.cn', code: ' 123456 ', captcha: 'p', scope: 'audience' });
    expect(Object.fromEntries(fields)).toEqual({ identity: 'a@b.cn', code: '123456', captcha: 'p', scope: 'audience' });
  });
  it('encodes UTF-8 passwords', () => {
    expect(loginFields({ identity: 'a@b.cn', password: '密码abc123', captcha: 'p', scope: 'audience' }).get('password')).toBe('5a+G56CBYWJjMTIz');
  });
});

describe('send-code form fields', () => {
  it('converts the mobile and carries purpose and scope', () => {
    expect(Object.fromEntries(sendCodeFields({ identity: '19912345678', captcha: 'c', purpose: 'login', scope: 'exhibitor' }))).toEqual({
      identity: '+8619912345678',
      captcha: 'c',
      purpose: 'login',
      scope: 'exhibitor',
    });
  });
});
