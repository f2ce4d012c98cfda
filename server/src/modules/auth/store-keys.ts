import { createHash } from 'node:crypto';

/** Store keys carry a hash of identities and addresses, never the personal data itself. */
export function hashedKey(prefix: string, ...parts: string[]): string {
  return `${prefix}:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;
}
