import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../db/client';
import { AccountService } from '../modules/account/account.service';
import { verifyPassword } from '../lib/passwords';

const run = promisify(execFile);
const script = join(import.meta.dirname, 'create-user.ts');
const tsx = join(import.meta.dirname, '../../../node_modules/.bin/tsx');

describe('npm run user:create', () => {
  it('creates an organizer with the given roles in the embedded database, and refuses a duplicate or a weak password', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', PORTAL_USER_PASSWORD: 'Str0ngPassword' };
    const args = [script, '--name', 'Ops Lead', '--email', 'Ops@Show.cn', '--roles', 'ROLE_SUPER_ADMIN,ROLE_PROJECT'];
    try {
      const { stdout } = await run(tsx, args, { env });
      expect(stdout).toContain('Created organizer ops@show.cn');

      const duplicate = await run(tsx, args, { env }).catch((error: { code: number; stderr: string }) => error);
      expect(duplicate).toMatchObject({ code: 1 });
      expect((duplicate as { stderr: string }).stderr).toContain('already exists');

      const weak = await run(tsx, [script, '--name', 'X', '--email', 'x@show.cn'], { env: { ...env, PORTAL_USER_PASSWORD: 'weak' } }).catch(
        (error: { stderr: string }) => error,
      );
      expect((weak as { stderr: string }).stderr).toContain('at least 8 characters');

      const database = await openDatabase({ dataDir });
      try {
        const accounts = new AccountService(database.db);
        const account = await database.db.query.accounts.findFirst();
        expect(account).toMatchObject({ scope: 'organizer', email: 'ops@show.cn', name: 'Ops Lead' });
        expect(await verifyPassword(account?.passwordHash ?? null, 'Str0ngPassword')).toBe(true);
        expect((await accounts.rolesOf(account?.id ?? '')).map((role) => role.id)).toEqual(['ROLE_PROJECT', 'ROLE_SUPER_ADMIN']);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
