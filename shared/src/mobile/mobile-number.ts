/**
 * The one mobile-number rule (docs/decisions/0917-one-mobile-number-input.md): every form takes a mobile as a
 * calling code and a national number, and every schema checks and stores it as E.164 (`+8613912345678`).
 * With +86 the number is a mainland mobile (11 digits, 13x–19x: every mainland mobile range); SPEC 5/9's
 * 11 digits with a first digit 1-9 decide only when a number typed without a code is taken as mainland (+86).
 * Another code takes 4-14 digits, 7-15 with the code (E.164).
 */

/** The calling codes a form offers, the mainland first (the common case at a show in China). */
export const CALLING_CODES = ['+86', '+852', '+853', '+886', '+1', '+7', '+33', '+39', '+44', '+49', '+60', '+61', '+62', '+63', '+65', '+66', '+81', '+82', '+84', '+91', '+971'] as const;
export const DEFAULT_CALLING_CODE = '+86';
/** SPEC 5/9: an 11-digit number whose first digit is 1-9 is a mainland one (+86 is put before it). */
export const MAINLAND_MOBILE = /^[1-9]\d{10}$/;
/** A valid +86 mobile: 11 digits in the mainland's mobile ranges (13x–19x). */
export const MAINLAND_MOBILE_RANGE = /^1[3-9]\d{9}$/;
/** E.164: + then up to 15 digits, no leading zero in the country code. */
export const INTERNATIONAL_MOBILE = /^\+[1-9]\d{6,14}$/;
export const CALLING_CODE_PATTERN = /^\+[1-9]\d{0,3}$/;
const NATIONAL_NUMBER = /^\d{4,14}$/;
/** What a mobile field takes as typed (spaces and hyphens included). */
export const MOBILE_INPUT_MAX_LENGTH = 20;

/** Spaces and hyphens as people type them are not part of the number. */
export const withoutSeparators = (value: string) => value.replace(/[\s-]/g, '');

/** Whether a calling code and a national number (without separators) make a valid mobile. */
export function isValidMobile(callingCode: string, national: string): boolean {
  if (!CALLING_CODE_PATTERN.test(callingCode)) return false;
  if (callingCode === '+86') return MAINLAND_MOBILE_RANGE.test(national);
  return NATIONAL_NUMBER.test(national) && INTERNATIONAL_MOBILE.test(`${callingCode}${national}`);
}

export interface MobileParts {
  callingCode: string;
  national: string;
}

/**
 * A stored or typed mobile as its parts: `+8613912345678`, `+86 139 1234 5678` or `13912345678` (a mainland
 * number, SPEC 5). A code the list does not hold is read as the longest one E.164 allows; a value without a
 * code keeps the default code.
 */
export function splitMobile(value: string | null | undefined): MobileParts {
  const trimmed = (value ?? '').trimStart();
  if (!trimmed.startsWith('+')) return { callingCode: DEFAULT_CALLING_CODE, national: trimmed };
  const spaced = /^(\+\d{1,4})\s+(.*)$/.exec(trimmed);
  if (spaced?.[1] && CALLING_CODE_PATTERN.test(spaced[1])) return { callingCode: spaced[1], national: spaced[2] ?? '' };
  const compact = withoutSeparators(trimmed);
  const known = [...CALLING_CODES].sort((a, b) => b.length - a.length).find((code) => compact.startsWith(code));
  const callingCode = known ?? /^\+[1-9]\d{0,2}/.exec(compact)?.[0] ?? DEFAULT_CALLING_CODE;
  return { callingCode, national: compact.slice(callingCode.length) };
}

/**
 * A mobile field's value from a calling code and the number as typed: `+86 139 1234 5678`; nothing typed is
 * the empty value (a required field then says so).
 */
export function joinMobile(callingCode: string, typed: string): string {
  const national = typed.trimStart();
  return national ? `${callingCode} ${national}` : '';
}

/** A typed mobile in E.164, or undefined when it breaks the rule; a number typed with its own `+code` keeps it. */
export function toE164Mobile(value: string): string | undefined {
  const { callingCode, national } = splitMobile(value);
  if (national.trim().startsWith('+')) return national.trim() === value.trim() ? undefined : toE164Mobile(national);
  const digits = withoutSeparators(national);
  return isValidMobile(callingCode, digits) ? `${callingCode}${digits}` : undefined;
}

/** An 11-digit mainland mobile becomes `+86…`; anything else is returned trimmed (a login identity, SPEC 5). */
export function toInternationalMobile(identity: string): string {
  const trimmed = identity.trim();
  return MAINLAND_MOBILE.test(trimmed) ? `+86${trimmed}` : trimmed;
}
