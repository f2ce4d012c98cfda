import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { customType } from 'drizzle-orm/pg-core';

/**
 * Encryption at rest of sensitive personal information (PIPL; DESIGN §6): AES-256-GCM with a key id,
 * so that keys rotate (the first key encrypts, every listed key decrypts, `rotateStale` re-encrypts),
 * and a keyed hash (HMAC-SHA256) for equality — uniqueness and exact search — without the value.
 *
 * Stored form: `<key id>:<iv, base64url>:<ciphertext + tag, base64url>`.
 */
export interface PersonalDataKeys {
  /** The first encrypts; all decrypt. */
  encryption: ReadonlyArray<{ id: string; key: Buffer }>;
  hash: Buffer;
}

let keys: PersonalDataKeys | undefined;

/**
 * Keys from PERSONAL_DATA_KEYS (`id:base64-32-bytes,…`, newest first) or, when unset, one key derived
 * from the app secret (id `s1`); the hash key is always derived from the app secret, so that equality
 * survives an encryption-key rotation. Set once per process, before the first query.
 */
export function configurePersonalDataKeys(appSecret: string, configured: string | undefined) {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', appSecret, 'moto-expo-personal-data', info, 32));
  const encryption = configured
    ? configured.split(',').map((entry) => {
        const [id, value] = entry.trim().split(':');
        const key = Buffer.from(value ?? '', 'base64');
        if (!id || key.length !== 32) throw new Error('PERSONAL_DATA_KEYS: each entry is id:base64 of 32 bytes');
        return { id, key };
      })
    : [{ id: 's1', key: derive('encryption') }];
  keys = { encryption, hash: derive('hash') };
}

function current(): PersonalDataKeys {
  if (!keys) throw new Error('personal-data keys are not configured (configurePersonalDataKeys)');
  return keys;
}

/** The keys that open stored values, for a worker thread that opens them off the event loop (xlsx-stream.ts). */
export function personalDataKeysForWorkers(): ReadonlyArray<{ id: string; key: Buffer }> {
  return current().encryption;
}

export function encryptPersonalData(plain: string): string {
  const [key] = current().encryption;
  if (!key) throw new Error('no personal-data encryption key');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${key.id}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
}

export function decryptPersonalData(stored: string): string {
  const [id, iv, sealed] = stored.split(':');
  const key = current().encryption.find((candidate) => candidate.id === id);
  if (!key || !iv || !sealed) throw new Error(`personal data sealed with an unknown key (${id ?? '?'})`);
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}

/** The keyed hash of a normalised value: equal values, equal hashes; nothing else is learnt. */
export function personalDataHash(plain: string): string {
  return createHmac('sha256', current().hash).update(plain, 'utf8').digest('base64url');
}

/** The id of the key that encrypts now (rows sealed with another are re-encrypted by the rotation). */
export function currentPersonalDataKeyId(): string {
  return current().encryption[0]?.id ?? '';
}

/** A text column that holds the value encrypted; the application reads and writes plain text. */
export const encryptedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => encryptPersonalData(value),
  fromDriver: (value) => decryptPersonalData(value),
});

/** The columns that store one ID number: encrypted, its keyed hash, its last four characters (visitors, badges). */
export function idNumberColumns(idNumber: string): { idNumber: string; idNumberHash: string; idNumberLast4: string };
export function idNumberColumns(idNumber: string | null): { idNumber: string | null; idNumberHash: string | null; idNumberLast4: string | null };
export function idNumberColumns(idNumber: string | null) {
  return { idNumber, idNumberHash: idNumber === null ? null : personalDataHash(idNumber), idNumberLast4: idNumber === null ? null : idNumber.slice(-4) };
}
