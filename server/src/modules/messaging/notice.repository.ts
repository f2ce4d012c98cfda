import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { OutgoingMessage } from './message-channel';
import { notices } from './notice.tables';

export type NoticeRow = typeof notices.$inferSelect;

/** Adds notices; one whose key exists already is left as it is (idempotent per decision and channel). */
export async function insertNotices(tx: Executor, rows: ReadonlyArray<{ dedupeKey: string; message: OutgoingMessage }>) {
  if (rows.length === 0) return;
  await tx.insert(notices).values([...rows]).onConflictDoNothing({ target: notices.dedupeKey });
}

/**
 * Takes up to `limit` due notices under a lease: rows another worker holds are skipped (SKIP LOCKED),
 * and a worker that dies mid-delivery releases them when its lease runs out.
 */
export async function leaseDueNotices(db: Executor, limit: number, leaseSeconds: number): Promise<NoticeRow[]> {
  const due = db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.status, 'PENDING'), sql`${notices.nextAttemptAt} <= now()`, sql`(${notices.leaseUntil} is null or ${notices.leaseUntil} < now())`))
    .orderBy(notices.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notices)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${notices.attempts} + 1` })
    .where(inArray(notices.id, due))
    .returning();
}

export async function markSent(db: Executor, id: number) {
  await db.update(notices).set({ status: 'SENT', sentAt: sql`now()`, leaseUntil: null, lastError: null }).where(eq(notices.id, id));
}

export async function markFailed(db: Executor, id: number, error: string, retryInSeconds: number | null) {
  await db
    .update(notices)
    .set(
      retryInSeconds === null
        ? { status: 'DEAD', leaseUntil: null, lastError: error }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`, leaseUntil: null, lastError: error },
    )
    .where(eq(notices.id, id));
}
