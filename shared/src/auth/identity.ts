/** SPEC 5/9: an 11-digit mainland mobile whose first digit is 1-9. */
export const MAINLAND_MOBILE = /^[1-9]\d{10}$/;
/** E.164: + then up to 15 digits, no leading zero in the country code. */
export const INTERNATIONAL_MOBILE = /^\+[1-9]\d{6,14}$/;

/** An 11-digit mainland mobile becomes `+86…`; anything else is returned trimmed. */
export function toInternationalMobile(identity: string): string {
  const trimmed = identity.trim();
  return MAINLAND_MOBILE.test(trimmed) ? `+86${trimmed}` : trimmed;
}

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
