import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { hashPassword } from '../lib/passwords';
import { DEMO_ACCOUNTS } from './demo-seed';

/** The mobile of the `n`-th bulk visitor (1-based), as stored and as typed at sign-in. */
export function bulkVisitorMobile(n: number): string {
  return `+86172${String(n).padStart(8, '0')}`;
}

/**
 * Registered visitors without an application, in bulk (the registration-rush benchmark signs each in and
 * applies): accounts `bulkVisitorMobile(1…count)` with the demo visitor's password. One INSERT … SELECT
 * generate_series; the password is hashed once and shared, as 1,000 argon2 hashes would take a minute.
 */
export async function fillBulkVisitors(db: Database, count: number): Promise<number> {
  if (count <= 0) return 0;
  const passwordHash = await hashPassword(DEMO_ACCOUNTS.audience.password);
  await db.execute(sql`
    insert into accounts (scope, name, mobile, password_hash, password_last_update_at)
    select 'audience', 'Rush Visitor ' || g, '+86172' || lpad(g::text, 8, '0'), ${passwordHash}, now()
    from generate_series(1, ${count}::int) as g
  `);
  await db.execute(sql`vacuum analyze accounts`);
  return count;
}
