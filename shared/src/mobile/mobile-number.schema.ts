import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';
import { CALLING_CODE_PATTERN, MOBILE_INPUT_MAX_LENGTH, toE164Mobile, withoutSeparators } from './mobile-number';

/**
 * A mobile as a form sends it (`+86 13912345678`, `13912345678`, `+8613912345678`), checked with the one
 * rule and given as E.164. `required` is the code of an empty value (else `invalid` covers it too).
 */
export function zMobile(codes: { invalid: ErrorCode; required?: ErrorCode }) {
  return plainText(codes.invalid)
    .trim()
    .min(1, { message: codes.required ?? codes.invalid })
    .max(MOBILE_INPUT_MAX_LENGTH, { message: codes.invalid })
    .transform((value, context) => {
      const e164 = toE164Mobile(value);
      if (e164) return e164;
      // Not aborting: inside a union (an optional mobile: '' or a mobile) its code is what the union reports.
      context.addIssue({ code: 'custom', message: codes.invalid, input: value, continue: true });
      return z.NEVER;
    });
}

/** A mobile kept as its two parts (a badge: `countryCode`, `phoneNumber`): the code's shape, then the one rule across both. */
export const zCallingCode = (invalid: ErrorCode) => plainText(invalid).trim().regex(CALLING_CODE_PATTERN, { message: invalid });
export const zNationalNumber = (invalid: ErrorCode) => plainText(invalid).trim().max(MOBILE_INPUT_MAX_LENGTH, { message: invalid }).transform(withoutSeparators).pipe(z.string().regex(/^\d{4,14}$/, { message: invalid }));
