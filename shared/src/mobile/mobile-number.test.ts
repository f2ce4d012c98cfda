import { describe, expect, it } from 'vitest';
import { isValidMobile, joinMobile, splitMobile, toE164Mobile } from './mobile-number';
import { zMobile } from './mobile-number.schema';

describe('the one mobile-number rule', () => {
  it('takes an 11-digit mainland mobile (13x–19x) with +86 or without a code, as E.164', () => {
    expect(toE164Mobile('13912345678')).toBe('+8613912345678');
    expect(toE164Mobile('+86 139 1234-5678')).toBe('+8613912345678');
    expect(toE164Mobile('+8613912345678')).toBe('+8613912345678');
    expect(toE164Mobile('+86 1391234567')).toBeUndefined();
    expect(toE164Mobile('+86 03912345678')).toBeUndefined();
    expect(isValidMobile('+86', '23912345678')).toBe(false);
    expect(isValidMobile('+86', '12912345678')).toBe(false);
  });

  it('takes another code with 4-14 digits, 15 at most with the code', () => {
    expect(toE164Mobile('+852 9123 4567')).toBe('+85291234567');
    expect(toE164Mobile('+49 151 12345678')).toBe('+4915112345678');
    expect(toE164Mobile('+1 123')).toBeUndefined();
    expect(toE164Mobile('+49 1234567890123456')).toBeUndefined();
    // A number typed with its own code beside the chosen one keeps its own.
    expect(toE164Mobile('+86 +4915112345678')).toBe('+4915112345678');
    expect(toE164Mobile('+86 abc')).toBeUndefined();
  });

  it('splits a stored or typed value into the form’s parts and joins them back', () => {
    expect(splitMobile('+8613912345678')).toEqual({ callingCode: '+86', national: '13912345678' });
    expect(splitMobile('+85291234567')).toEqual({ callingCode: '+852', national: '91234567' });
    expect(splitMobile('+86 139 1234')).toEqual({ callingCode: '+86', national: '139 1234' });
    expect(splitMobile('13912345678')).toEqual({ callingCode: '+86', national: '13912345678' });
    expect(splitMobile(null)).toEqual({ callingCode: '+86', national: '' });
    expect(joinMobile('+852', '9123 4567')).toBe('+852 9123 4567');
    expect(joinMobile('+852', '')).toBe('');
  });

  it('reports an empty value as required and a wrong one as invalid, with the caller’s codes', () => {
    const schema = zMobile({ invalid: 'AUDIENCE_MOBILE_INVALID', required: 'AUDIENCE_MOBILE_REQUIRED' });
    expect(schema.parse(' +86 139 1234 5678 ')).toBe('+8613912345678');
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('AUDIENCE_MOBILE_REQUIRED');
    expect(schema.safeParse('+86 12345').error?.issues[0]?.message).toBe('AUDIENCE_MOBILE_INVALID');
  });
});
