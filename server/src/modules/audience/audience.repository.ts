import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, activationCodes, admissions, audienceStatusHistory, audienceVisitDates, audiences, photos } from '../../db/schema/index';

export type AudienceRow = typeof audiences.$inferSelect;
export type ApproveStatus = AudienceRow['approveStatus'];

/** Statuses whose visit days count against a day's capacity: a pending application holds its seat. */
export const HOLDING_STATUSES: readonly ApproveStatus[] = ['WAIT', 'DONE'];

export function findAudienceByAccount(db: Executor, accountId: string) {
  return db.query.audiences.findFirst({ where: eq(audiences.accountId, accountId) });
}

export async function lockAudienceByAccount(tx: Executor, accountId: string) {
  const [row] = await tx.select().from(audiences).where(eq(audiences.accountId, accountId)).for('update');
  return row;
}

export function lockAudiencesByIds(tx: Executor, ids: readonly string[]) {
  return tx
    .select()
    .from(audiences)
    .where(inArray(audiences.id, [...ids]))
    .orderBy(audiences.id)
    .for('update');
}

export async function insertAudience(tx: Executor, values: typeof audiences.$inferInsert) {
  const [row] = await tx.insert(audiences).values(values).returning();
  if (!row) throw new Error('insert into audiences returned no row');
  return row;
}

export async function updateAudience(tx: Executor, id: string, values: Partial<typeof audiences.$inferInsert>) {
  const [row] = await tx
    .update(audiences)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(audiences.id, id))
    .returning();
  if (!row) throw new Error(`audience ${id} vanished inside its transaction`);
  return row;
}

export function visitDatesOf(db: Executor, audienceId: string) {
  return db.select().from(audienceVisitDates).where(eq(audienceVisitDates.audienceId, audienceId)).orderBy(audienceVisitDates.day);
}

/** Replaces the picked days; days already admitted are kept by the caller's rule, never deleted here. */
export async function replaceVisitDates(tx: Executor, audienceId: string, days: readonly string[]) {
  await tx.delete(audienceVisitDates).where(and(eq(audienceVisitDates.audienceId, audienceId), isNull(audienceVisitDates.admittedAt)));
  if (days.length === 0) return;
  await tx
    .insert(audienceVisitDates)
    .values(days.map((day) => ({ audienceId, day })))
    .onConflictDoNothing();
}

/** How many applications other than `exceptAudienceId` hold each day. */
export async function countHoldersByDay(tx: Executor, days: readonly string[], exceptAudienceId: string | undefined) {
  if (days.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ day: audienceVisitDates.day, count: sql<number>`count(*)::int` })
    .from(audienceVisitDates)
    .innerJoin(audiences, eq(audiences.id, audienceVisitDates.audienceId))
    .where(
      and(
        inArray(audienceVisitDates.day, [...days]),
        inArray(audiences.approveStatus, [...HOLDING_STATUSES]),
        exceptAudienceId ? ne(audiences.id, exceptAudienceId) : undefined,
      ),
    )
    .groupBy(audienceVisitDates.day);
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

export async function insertStatusHistory(tx: Executor, row: typeof audienceStatusHistory.$inferInsert) {
  await tx.insert(audienceStatusHistory).values(row);
}

export function statusHistoryOf(db: Executor, audienceId: string) {
  return db
    .select({ row: audienceStatusHistory, actorName: accounts.name })
    .from(audienceStatusHistory)
    .leftJoin(accounts, eq(accounts.id, audienceStatusHistory.actorId))
    .where(eq(audienceStatusHistory.audienceId, audienceId))
    .orderBy(audienceStatusHistory.at, audienceStatusHistory.id)
    .then((rows) => rows.map(({ row, actorName }) => ({ ...row, actorName })));
}

export function findAudienceById(db: Executor, id: string) {
  return db.query.audiences.findFirst({ where: eq(audiences.id, id) });
}

export function admissionsOf(db: Executor, audienceId: string) {
  return db.select().from(admissions).where(eq(admissions.audienceId, audienceId)).orderBy(desc(admissions.at));
}

export async function activationCodeValue(db: Executor, id: string) {
  const [row] = await db.select({ code: activationCodes.code }).from(activationCodes).where(eq(activationCodes.id, id));
  return row?.code ?? null;
}

export function findPhotos(tx: Executor, ids: readonly string[]) {
  return tx.select().from(photos).where(inArray(photos.id, [...ids]));
}
