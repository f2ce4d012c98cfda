import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

// argon2id (the library's default algorithm) at OWASP's baseline: 19 MiB, 2 passes; off the event loop.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so that timing does not tell. */
export const DUMMY_PASSWORD_HASH = await hashPassword('no-such-account-0');

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand (no 0/O, 1/l/I). */
const INITIAL_PASSWORD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const INITIAL_PASSWORD_LENGTH = 12;

/**
 * An initial password an organizer hands to a new account holder (shown once, never stored in clear):
 * 12 characters, about 69 bits, with a letter and a digit so that it passes the strength rule.
 */
export function generateInitialPassword(): string {
  for (;;) {
    const password = Array.from({ length: INITIAL_PASSWORD_LENGTH }, () => INITIAL_PASSWORD_ALPHABET[randomInt(INITIAL_PASSWORD_ALPHABET.length)]).join('');
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password;
  }
}
