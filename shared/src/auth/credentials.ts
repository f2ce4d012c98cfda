/**
 * Credential rules without zod, so that the login page does not load a schema library:
 * password strength, its transport encoding, and the verification-code limits.
 */

/** SPEC 5: at least 8 characters, mixing letters with digits. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 5 * 60;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const VERIFICATION_CODE_RESEND_SECONDS = 60;
/** DESIGN §6: carriers' usual per-number caps, enforced by us too. */
export const VERIFICATION_CODE_HOURLY_LIMIT = 5;
export const VERIFICATION_CODE_DAILY_LIMIT = 10;

export const VERIFICATION_PURPOSES = ['login', 'register'] as const;

export function encodePasswordForTransport(password: string): string {
  const bytes = new TextEncoder().encode(password);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodePasswordFromTransport(encoded: string): string | undefined {
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
