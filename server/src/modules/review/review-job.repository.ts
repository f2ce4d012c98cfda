import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ACTIVE_REVIEW_JOB_STATES, type ReviewJobState } from '@portal/shared/review/review-job.schema';
import type { ReviewJobModel } from './review-job.models';
import { reviewJobs } from './review.tables';


export async function insertJob(tx: Executor, values: typeof reviewJobs.$inferInsert) {
  const [row] = await tx.insert(reviewJobs).values(values).returning();
  if (!row) throw new Error('review job not inserted');
  return row;
}

export async function findJob(db: Executor, id: string) {
  const [row] = await db.select().from(reviewJobs).where(eq(reviewJobs.id, id));
  return row;
}

export function recentJobs(db: Executor, limit: number) {
  return db.select().from(reviewJobs).orderBy(desc(reviewJobs.createdAt), desc(reviewJobs.id)).limit(limit);
}

/** Locks the job for one batch (or a cancel): whoever holds it decides alone, and a claim passes it over meanwhile. */
export async function lockJob(tx: Executor, id: string) {
  const [row] = await tx.select().from(reviewJobs).where(eq(reviewJobs.id, id)).for('update');
  return row;
}

/**
 * Takes the oldest job that is queued, or running under a lease that ran out (its worker died), under a new
 * lease for `owner`. A job another worker is deciding a batch of is locked, and passed over (SKIP LOCKED).
 */
export async function claimJob(db: Executor, owner: string, leaseSeconds: number): Promise<ReviewJobModel | undefined> {
  const runnable = db
    .select({ id: reviewJobs.id })
    .from(reviewJobs)
    .where(and(inArray(reviewJobs.state, [...ACTIVE_REVIEW_JOB_STATES]), or(isNull(reviewJobs.leaseUntil), lt(reviewJobs.leaseUntil, sql`now()`))))
    .orderBy(reviewJobs.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(reviewJobs)
    .set({ state: 'RUNNING', leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, startedAt: sql`coalesce(${reviewJobs.startedAt}, now())` })
    .where(inArray(reviewJobs.id, runnable))
    .returning();
  return row;
}

/** After a batch: the progress, and the lease renewed. */
export async function recordProgress(tx: Executor, id: string, values: Pick<ReviewJobModel, 'processed' | 'decided' | 'cursor'>, leaseSeconds: number) {
  await tx
    .update(reviewJobs)
    .set({ ...values, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(eq(reviewJobs.id, id));
}

/** The job's end: done, cancelled or failed; the lease goes with it. */
export async function finishJob(tx: Executor, id: string, state: Exclude<ReviewJobState, 'QUEUED' | 'RUNNING'>, values: Partial<Pick<ReviewJobModel, 'failed' | 'error'>> = {}) {
  const [row] = await tx
    .update(reviewJobs)
    .set({ ...values, state, leaseOwner: null, leaseUntil: null, finishedAt: sql`now()` })
    .where(eq(reviewJobs.id, id))
    .returning();
  if (!row) throw new Error('review job not found');
  return row;
}

/** A worker that stops (shutdown) lets its job go at once, rather than when the lease runs out. */
export async function releaseJob(db: Executor, id: string, owner: string) {
  await db
    .update(reviewJobs)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(reviewJobs.id, id), eq(reviewJobs.leaseOwner, owner)));
}
