import { INTERNATIONAL_MOBILE, toInternationalMobile } from '../mobile/mobile-number';

/** zod's email pattern, without loading zod on the login page. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export type IdentityKind = 'email' | 'mobile';

/** Normalises a login identity (email lower-cased, mobile to E.164) or returns undefined when it is neither. */
export function normaliseIdentity(raw: string): { kind: IdentityKind; value: string } | undefined {
  const value = toInternationalMobile(raw);
  if (value.includes('@')) {
    const email = value.toLowerCase();
    return isEmail(email) ? { kind: 'email', value: email } : undefined;
  }
  return INTERNATIONAL_MOBILE.test(value) ? { kind: 'mobile', value } : undefined;
}
