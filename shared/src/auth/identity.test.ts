import { describe, expect, it } from 'vitest';
import { toInternationalMobile } from '../mobile/mobile-number';
import { normaliseIdentity } from './identity';
import { decodePasswordFromTransport, encodePasswordForTransport, isStrongPassword } from './credentials';

describe('toInternationalMobile', () => {
  it('prefixes an 11-digit mainland mobile whose first digit is 1-9 with +86', () => {
    expect(toInternationalMobile('13800000000')).toBe('+8613800000000');
    expect(toInternationalMobile(' 19912345678 ')).toBe('+8619912345678');
  });
  it('leaves other values alone', () => {
    expect(toInternationalMobile('03800000000')).toBe('03800000000');
    expect(toInternationalMobile('1380000000')).toBe('1380000000');
    expect(toInternationalMobile('+8613800000000')).toBe('+8613800000000');
    expect(toInternationalMobile('a@b.cn')).toBe('a@b.cn');
  });
});

describe('normaliseIdentity', () => {
  it('lower-cases emails and converts mobiles', () => {
    expect(normaliseIdentity('Admin@Example.com')).toEqual({ kind: 'email', value: 'admin@example.com' });
    expect(normaliseIdentity('13800000000')).toEqual({ kind: 'mobile', value: '+8613800000000' });
    expect(normaliseIdentity('+85291234567')).toEqual({ kind: 'mobile', value: '+85291234567' });
  });
  it('refuses values that are neither', () => {
    expect(normaliseIdentity('not an identity')).toBeUndefined();
    expect(normaliseIdentity('a@b')).toBeUndefined();
    expect(normaliseIdentity('12345')).toBeUndefined();
  });
});

describe('password transport and strength', () => {
  it('round-trips UTF-8 passwords through base64', () => {
    for (const password of ['Admin12345', '密码abc123', 'p@ss wörd 9']) {
      expect(decodePasswordFromTransport(encodePasswordForTransport(password))).toBe(password);
    }
    expect(decodePasswordFromTransport('%%%')).toBeUndefined();
  });
  it('needs 8 characters mixing letters and digits', () => {
    expect(isStrongPassword('Admin12345')).toBe(true);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('abc123')).toBe(false);
  });
});
