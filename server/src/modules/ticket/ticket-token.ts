import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { TICKET_KIND_LETTERS, TicketKind } from '@portal/shared/ticket/ticket.schema';
import type { Config } from '../../config';
import { readOrCreateSecretFile } from '../../lib/data-dir-secret';

/**
 * What a ticket QR carries (DESIGN §6): who and which days, signed with Ed25519 so that a gate can
 * verify it offline with the public key. No name or ID number: the QR must not leak personal data.
 */
export interface TicketPayload {
  /** Format version. */
  v: 1;
  /** Kind: A = visitor (audience) ticket, B = exhibitor staff badge (valid every show day), C = imported ticket. */
  k: (typeof TICKET_KIND_LETTERS)[TicketKind];
  /** The application id, the badge id, or the imported ticket's id (`tickets.subject_id`). */
  id: string;
  /** The visit days, YYYY-MM-DD (empty for a badge: it admits on every show day). */
  d: string[];
  /** Issued at, Unix seconds. */
  iat: number;
  /**
   * A rotating QR's period in seconds: the QR text carries the code of the window after the token
   * (`shared/src/ticket/rotating-code.ts`), and a gate checks it against the ticket's secret. Absent: static.
   */
  r?: number;
  /** 1: printed on paper (the counter's badge, the office's reprint): static, whatever the kind's setting. */
  p?: 1;
}

export class TicketSigner {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;

  constructor(privateKeyPem: string) {
    this.privateKey = createPrivateKey(privateKeyPem);
    if (this.privateKey.asymmetricKeyType !== 'ed25519') throw new Error('TICKET_SIGNING_KEY must be an Ed25519 private key');
    this.publicKey = createPublicKey(this.privateKey);
  }

  /**
   * `<payload base64url>.<signature base64url>`: short enough for a QR code a phone screen shows well (a
   * rotating ticket's QR adds `.<6-digit code>`; `splitQrText` takes it off before `verify`).
   */
  sign(payload: TicketPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${sign(null, Buffer.from(body), this.privateKey).toString('base64url')}`;
  }

  verify(token: string): TicketPayload | undefined {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return undefined;
    if (!verify(null, Buffer.from(body), this.publicKey, Buffer.from(signature, 'base64url'))) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketPayload;
      return payload.v === 1 ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  publicKeyPem(): string {
    return this.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }
}

/** TICKET_SIGNING_KEY in production; outside it, a key generated once and kept in the data folder. */
export function createTicketSigner(config: Pick<Config, 'TICKET_SIGNING_KEY' | 'DATA_DIR'>): TicketSigner {
  const pem =
    config.TICKET_SIGNING_KEY ??
    readOrCreateSecretFile(config.DATA_DIR, 'ticket-signing-key.pem', () =>
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
  return new TicketSigner(pem.replace(/\\n/g, '\n'));
}
