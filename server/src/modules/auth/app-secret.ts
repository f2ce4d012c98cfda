import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';

export const SECRET_FILE = 'secret.key';

/**
 * The key behind the captcha HMAC and the verification-code hashes. APP_SECRET is required in
 * production (config.ts); elsewhere a random one is generated once and kept in the data folder
 * (mode 0600) so that challenges and codes survive a restart. Several development instances that
 * share a database but not a data folder must set APP_SECRET themselves.
 */
export function resolveAppSecret(config: Pick<Config, 'APP_SECRET' | 'DATA_DIR'>): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  const path = join(config.DATA_DIR, SECRET_FILE);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': if another process wrote it first, theirs wins and is read back below.
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(path, 'utf8').trim();
  }
}
