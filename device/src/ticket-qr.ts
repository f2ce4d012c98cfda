/**
 * Reading a ticket QR without the server. The QR text is `<payload>.<signature>`, both base64url:
 * the payload is the UTF-8 JSON `{ v: 1, k, id, d, iat }`, the signature is Ed25519 over the payload
 * text as it stands (the base64url characters, not the decoded JSON), checked with the feed's
 * public key.
 *
 * This duplicates, on purpose, the little format knowledge of the portal's signer
 * (server/src/modules/ticket/ticket-token.ts): a gate vendor reads and ports this file alone, and
 * the client never imports server code. Change both together.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

export interface TicketQr {
  /** Kind letter: A = visitor ticket, B = exhibitor staff badge, C = imported ticket. */
  k: string;
  /** The application, badge or imported ticket it names (the feed's subject id). */
  id: string;
  /** The days it admits (YYYY-MM-DD); empty: every show day (badges). */
  d: string[];
  /** Issued at, Unix seconds. */
  iat: number;
}

const publicKeys = new Map<string, KeyObject>();

/** The payload when the signature is the portal's, else undefined (a forged, altered or foreign QR). */
export function verifyTicketQr(qr: string, publicKeyPem: string): TicketQr | undefined {
  const [body, signature, extra] = qr.trim().split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  let key = publicKeys.get(publicKeyPem);
  if (!key) {
    key = createPublicKey(publicKeyPem);
    publicKeys.set(publicKeyPem, key);
  }
  if (!verify(null, Buffer.from(body), key, Buffer.from(signature, 'base64url'))) return undefined;
  return readTicketQr(qr);
}

/** The payload as written, signature NOT checked: only for what the server already decided. */
export function readTicketQr(qr: string): TicketQr | undefined {
  const [body = ''] = qr.trim().split('.');
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TicketQr> & { v?: unknown };
    if (payload.v !== 1 || typeof payload.k !== 'string' || typeof payload.id !== 'string' || !Array.isArray(payload.d)) return undefined;
    return { k: payload.k, id: payload.id, d: payload.d, iat: Number(payload.iat) };
  } catch {
    return undefined;
  }
}
