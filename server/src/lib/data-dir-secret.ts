import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret kept in the data folder (mode 0600) when configuration does not provide one — outside
 * production only. Created once; if another process wrote it first, theirs wins and is read back.
 */
export function readOrCreateSecretFile(dataDir: string, name: string, create: () => string): string {
  const path = join(dataDir, name);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = create();
  try {
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(path, 'utf8').trim();
  }
}
