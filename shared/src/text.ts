import { z } from 'zod';

/**
 * C0 control characters other than tab, line feed and carriage return (a NUL byte cannot be stored in
 * PostgreSQL text and no form field legitimately carries one): refused at the edge as a field error.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** A surrogate code point on its own: not Unicode text (it cannot be encoded in UTF-8, so PostgreSQL cannot store it). */
const LONE_SURROGATE = /\p{Cs}/u;

export function hasLoneSurrogates(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** A string without control characters; `message` is the error code a failing rule reports. */
export function plainText(message: string) {
  return z.string({ message }).refine((value) => !hasControlCharacters(value), { message });
}
