/**
 * The rotating part of a ticket QR (DESIGN §6, docs/decisions/0521-rotating-ticket-qr-and-pass-back.md):
 * an RFC 6238 time-based code (HMAC-SHA1, RFC 4226 truncation) over the ticket's own secret. The one
 * computation of the browser (the visitor's page draws it), the server and the reference device client.
 * Plain TypeScript with no import: shared code may use zod only, and the browser has no synchronous HMAC.
 */

/** Digits of a window's code: what RFC 4226 recommends, short in the QR. */
export const QR_CODE_DIGITS = 6;
/** Windows either side of the current one a gate accepts: a phone's clock a little off, a scan at a window's edge. */
export const QR_WINDOW_TOLERANCE = 1;
export const QR_PERIOD_DEFAULT_SECONDS = 30;
export const QR_PERIOD_MIN_SECONDS = 10;
export const QR_PERIOD_MAX_SECONDS = 300;
/** A ticket's secret: 20 bytes (RFC 4226's recommended length), written as 40 lowercase hex digits. */
export const QR_SECRET_SHAPE = /^[0-9a-f]{40}$/;

function rotateLeft(value: number, bits: number) {
  return (value << bits) | (value >>> (32 - bits));
}

/** SHA-1 of a byte string (FIPS 180-4). */
export function sha1(message: Uint8Array): Uint8Array {
  const length = message.length;
  const padded = new Uint8Array(((length + 8) >> 6) * 64 + 64);
  padded.set(message);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  // The bit length as a 64-bit big-endian number (messages here are far below 2^32 bits).
  view.setUint32(padded.length - 8, Math.floor((length * 8) / 2 ** 32));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Array<number>(80);
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t += 1) w[t] = view.getUint32(block + t * 4);
    for (let t = 16; t < 80; t += 1) w[t] = rotateLeft((w[t - 3] ?? 0) ^ (w[t - 8] ?? 0) ^ (w[t - 14] ?? 0) ^ (w[t - 16] ?? 0), 1);
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let t = 0; t < 80; t += 1) {
      const [f, k] = t < 20 ? [(b & c) | (~b & d), 0x5a827999] : t < 40 ? [b ^ c ^ d, 0x6ed9eba1] : t < 60 ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc] : [b ^ c ^ d, 0xca62c1d6];
      const next = (rotateLeft(a, 5) + f + e + k + (w[t] ?? 0)) >>> 0;
      e = d;
      d = c;
      c = rotateLeft(b, 30) >>> 0;
      b = a;
      a = next;
    }
    h[0] = ((h[0] ?? 0) + a) >>> 0;
    h[1] = ((h[1] ?? 0) + b) >>> 0;
    h[2] = ((h[2] ?? 0) + c) >>> 0;
    h[3] = ((h[3] ?? 0) + d) >>> 0;
    h[4] = ((h[4] ?? 0) + e) >>> 0;
  }
  const digest = new Uint8Array(20);
  const out = new DataView(digest.buffer);
  h.forEach((word, index) => out.setUint32(index * 4, word));
  return digest;
}

/** HMAC-SHA1 (RFC 2104). */
export function hmacSha1(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha1(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 20);
  for (let index = 0; index < 64; index += 1) {
    inner[index] = (block[index] ?? 0) ^ 0x36;
    outer[index] = (block[index] ?? 0) ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha1(inner), 64);
  return sha1(outer);
}

/** RFC 4226's HOTP: the code of a counter (a whole number below 2^53). */
export function hotp(key: Uint8Array, counter: number, digits = QR_CODE_DIGITS): string {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const mac = hmacSha1(key, message);
  const offset = (mac[19] ?? 0) & 0x0f;
  const binary = (((mac[offset] ?? 0) & 0x7f) << 24) | ((mac[offset + 1] ?? 0) << 16) | ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238's time step of an instant (T0 = 0). */
export function qrWindow(atMs: number, periodSeconds: number): number {
  return Math.floor(atMs / 1000 / periodSeconds);
}

/** The secret's bytes from its hex text. */
export function secretBytes(secretHex: string): Uint8Array {
  const bytes = new Uint8Array(secretHex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = Number.parseInt(secretHex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** The code a rotating ticket shows at `atMs`. */
export function rotatingCode(secretHex: string, atMs: number, periodSeconds: number): string {
  return hotp(secretBytes(secretHex), qrWindow(atMs, periodSeconds));
}

/** Whether `code` is the ticket's code of the window of `atMs` or of one within QR_WINDOW_TOLERANCE of it. */
export function rotatingCodeMatches(secretHex: string, code: string, atMs: number, periodSeconds: number): boolean {
  const key = secretBytes(secretHex);
  const window = qrWindow(atMs, periodSeconds);
  let matches = false;
  // Every candidate is computed (no early return): the time taken says nothing of which window matched.
  for (let step = -QR_WINDOW_TOLERANCE; step <= QR_WINDOW_TOLERANCE; step += 1) matches = hotp(key, window + step) === code || matches;
  return matches;
}

/** When the window of `atMs` ends (the visitor's page redraws then). */
export function windowEndsAt(atMs: number, periodSeconds: number): number {
  return (qrWindow(atMs, periodSeconds) + 1) * periodSeconds * 1000;
}

/**
 * The QR text: a static ticket's is its signed token (`<payload>.<signature>`); a rotating ticket's is the
 * token and the window's code, `<payload>.<signature>.<code>`.
 */
export function rotatingQrText(token: string, code: string): string {
  return `${token}.${code}`;
}

/** The QR text's parts: the signed token and the code (null for a static QR); undefined when it has neither shape. */
export function splitQrText(qr: string): { token: string; code: string | null } | undefined {
  const parts = qr.trim().split('.');
  if (parts.length === 2) return { token: parts.join('.'), code: null };
  if (parts.length === 3 && new RegExp(`^\\d{${QR_CODE_DIGITS}}$`).test(parts[2] ?? '')) return { token: `${parts[0]}.${parts[1]}`, code: parts[2] ?? '' };
  return undefined;
}
