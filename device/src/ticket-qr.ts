/**
 * Reading a ticket QR without the server. The QR text is `<payload>.<signature>`, both base64url, and
 * for a rotating ticket `.<code>` after them (6 digits): the payload is the UTF-8 JSON
 * `{ v: 1, k, id, d, iat, r?, p? }`, the signature is Ed25519 over the payload text as it stands (the
 * base64url characters, not the decoded JSON), checked with the feed's public key. `r` (seconds) says the
 * QR rotates: the code is checked against the ticket's secret from the feed (`rotatingCodeMatches` of
 * `@portal/shared/ticket/rotating-code`, RFC 6238). `p: 1` marks a printed, static token.
 *
 * This duplicates, on purpose, the little format knowledge of the portal's signer
 * (server/src/modules/ticket/ticket-token.ts): a gate vendor reads and ports this file alone, and
 * the client never imports server code. Change both together.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { splitQrText } from '@portal/shared/ticket/rotating-code';

export interface TicketQr {
  /** Kind letter: A = visitor ticket, B = exhibitor staff badge, C = imported ticket. */
  k: string;
  /** The application, badge or imported ticket it names (the feed's subject id). */
  id: string;
  /** The days it admits (YYYY-MM-DD); empty: every show day (badges). */
  d: string[];
  /** Issued at, Unix seconds. */
  iat: number;
  /** A rotating QR's period in seconds (null: static). */
  r: number | null;
  /** A printed token: static whatever its kind. */
  printed: boolean;
  /** The code the QR text carries after the token (null: none). */
  code: string | null;
}

/** Whether the QR must carry a code of the ticket's secret. */
export const rotates = (payload: TicketQr) => payload.r !== null && !payload.printed;

const publicKeys = new Map<string, KeyObject>();

/** The payload when the signature is the portal's, else undefined (a forged, altered or foreign QR). */
export function verifyTicketQr(qr: string, publicKeyPem: string): TicketQr | undefined {
  const parts = splitQrText(qr);
  const [body, signature] = parts?.token.split('.') ?? [];
  if (!parts || !body || !signature) return undefined;
  let key = publicKeys.get(publicKeyPem);
  if (!key) {
    key = createPublicKey(publicKeyPem);
    publicKeys.set(publicKeyPem, key);
  }
  if (!verify(null, Buffer.from(body), key, Buffer.from(signature, 'base64url'))) return undefined;
  const payload = readTicketQr(qr);
  // A rotating token without its code, or a static one with a code, is not a QR the portal issued.
  return payload && rotates(payload) === (payload.code !== null) ? payload : undefined;
}

/** The payload as written, signature NOT checked: only for what the server already decided. */
export function readTicketQr(qr: string): TicketQr | undefined {
  const parts = splitQrText(qr);
  const [body = ''] = parts?.token.split('.') ?? [];
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { v?: unknown; k?: unknown; id?: unknown; d?: unknown; iat?: unknown; r?: unknown; p?: unknown };
    if (payload.v !== 1 || typeof payload.k !== 'string' || typeof payload.id !== 'string' || !Array.isArray(payload.d)) return undefined;
    const r = typeof payload.r === 'number' && Number.isInteger(payload.r) && payload.r > 0 ? payload.r : null;
    return { k: payload.k, id: payload.id, d: payload.d as string[], iat: Number(payload.iat), r, printed: payload.p === 1, code: parts?.code ?? null };
  } catch {
    return undefined;
  }
}
