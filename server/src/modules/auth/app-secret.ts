import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { readOrCreateSecretFile } from '../../lib/data-dir-secret';

export const SECRET_FILE = 'secret.key';

/**
 * The key behind the captcha HMAC and the verification-code hashes. APP_SECRET is required in
 * production (config.ts); elsewhere a random one is generated once and kept in the data folder so
 * that challenges and codes survive a restart. Several development instances that share a database
 * but not a data folder must set APP_SECRET themselves.
 */
export function resolveAppSecret(config: Pick<Config, 'APP_SECRET' | 'DATA_DIR'>): string {
  return config.APP_SECRET ?? readOrCreateSecretFile(config.DATA_DIR, SECRET_FILE, () => randomBytes(32).toString('base64url'));
}
