import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TicketSigner, createTicketSigner, type TicketPayload } from './ticket-token';

const payload: TicketPayload = { v: 1, k: 'A', id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', d: ['2025-04-10', '2025-04-11'], iat: 1_700_000_000 };

describe('ticket tokens', () => {
  it('round-trips a payload and is verifiable with the public key alone', () => {
    const signer = createTicketSigner({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ticket-')) });
    const token = signer.sign(payload);
    expect(signer.verify(token)).toEqual(payload);
    expect(token.length).toBeLessThan(300);
  });

  it('refuses a tampered payload, a foreign signature and junk', () => {
    const signer = createTicketSigner({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ticket-')) });
    const [body, signature] = signer.sign(payload).split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, d: ['2025-04-12'] })).toString('base64url');
    expect(signer.verify(`${forged}.${signature}`)).toBeUndefined();
    const other = new TicketSigner(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    expect(other.verify(`${body}.${signature}`)).toBeUndefined();
    expect(signer.verify('not-a-token')).toBeUndefined();
    expect(signer.verify('a.b.c')).toBeUndefined();
  });

  it('keeps the generated key across restarts of the same data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ticket-'));
    const token = createTicketSigner({ DATA_DIR: dataDir }).sign(payload);
    expect(createTicketSigner({ DATA_DIR: dataDir }).verify(token)).toEqual(payload);
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => new TicketSigner(rsa)).toThrow(/Ed25519/);
  });
});
