import { and, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ApproveStatus } from '@portal/shared/application/application-status';
import { currentPersonalDataKeyId, encryptPersonalData, idNumberColumns } from '../../lib/personal-data-cipher';
import { audienceStatusHistory, audienceVisitDates, audienceWaitlist, audiences } from './application.tables';

/** Statuses whose visit days count against a day's capacity: a pending application holds its seat. */
export const HOLDING_STATUSES: readonly ApproveStatus[] = ['WAIT', 'DONE'];

/** How many applications of each group are in each state (one grouped read for a list of groups). */
export function statusCountsOfGroups(db: Executor, groupIds: readonly string[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({ groupId: audiences.groupId, approveStatus: audiences.approveStatus, count: sql<number>`count(*)::int` })
    .from(audiences)
    .where(inArray(audiences.groupId, [...groupIds]))
    .groupBy(audiences.groupId, audiences.approveStatus);
}

/** The applications made in an agent's group. */
export function applicationsOfGroup(db: Executor, groupId: string) {
  return db.select({ id: audiences.id, accountId: audiences.accountId, approveStatus: audiences.approveStatus }).from(audiences).where(eq(audiences.groupId, groupId));
}

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

/** The gate admitted the visitor on a day they picked: from now on it cannot be dropped. */
export async function markVisitDateAdmitted(tx: Executor, audienceId: string, day: string, at: Date) {
  await tx
    .update(audienceVisitDates)
    .set({ admittedAt: at })
    .where(and(eq(audienceVisitDates.audienceId, audienceId), eq(audienceVisitDates.day, day), isNull(audienceVisitDates.admittedAt)));
}

/** How many applications other than `exceptAudienceId` hold each day: a visit day, or a seat offered from its waitlist. */
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
  // A seat offered from the day's waitlist is held too, until confirmed or lapsed (docs/decisions/0208-waitlist-for-full-days.md).
  const offers = await tx
    .select({ day: audienceWaitlist.day, count: sql<number>`count(*)::int` })
    .from(audienceWaitlist)
    .innerJoin(audiences, eq(audiences.id, audienceWaitlist.audienceId))
    .where(
      and(
        inArray(audienceWaitlist.day, [...days]),
        isNotNull(audienceWaitlist.offeredAt),
        inArray(audiences.approveStatus, [...HOLDING_STATUSES]),
        exceptAudienceId ? ne(audiences.id, exceptAudienceId) : undefined,
      ),
    )
    .groupBy(audienceWaitlist.day);
  const held = new Map(rows.map((row) => [row.day, Number(row.count)]));
  for (const row of offers) held.set(row.day, (held.get(row.day) ?? 0) + Number(row.count));
  return held;
}

/** Records a transition; its id names the decision (notices are idempotent per decision). */
export async function insertStatusHistory(tx: Executor, row: typeof audienceStatusHistory.$inferInsert) {
  const [inserted] = await tx.insert(audienceStatusHistory).values(row).returning({ id: audienceStatusHistory.id });
  if (!inserted) throw new Error('insert into audience_status_history returned no row');
  return inserted.id;
}

export function statusHistoryOf(db: Executor, audienceId: string) {
  return db.select().from(audienceStatusHistory).where(eq(audienceStatusHistory.audienceId, audienceId)).orderBy(audienceStatusHistory.at, audienceStatusHistory.id);
}

export function findAudienceById(db: Executor, id: string) {
  return db.query.audiences.findFirst({ where: eq(audiences.id, id) });
}

export function visitDatesOfMany(db: Executor, audienceIds: readonly string[]) {
  return db.select().from(audienceVisitDates).where(inArray(audienceVisitDates.audienceId, [...audienceIds])).orderBy(audienceVisitDates.day);
}

export async function deleteAudience(tx: Executor, id: string) {
  await tx.delete(audiences).where(eq(audiences.id, id));
}

/** Locks the applications matching the condition (all when undefined) that still hold personal data. */
export function lockErasable(tx: Executor, condition: SQL | undefined) {
  return tx
    .select({ id: audiences.id, accountId: audiences.accountId })
    .from(audiences)
    .where(and(condition, isNull(audiences.personalDataErasedAt)))
    .orderBy(audiences.id)
    .for('update');
}

/** PIPL erasure: the identifying fields go, the status, days and admissions stay as anonymous statistics. */
export async function erasePersonalFields(tx: Executor, ids: readonly string[]) {
  await tx
    .update(audiences)
    .set({
      name: null,
      mobile: null,
      email: null,
      idType: null,
      ...idNumberColumns(null),
      birthDate: null,
      entryPhotoId: null,
      idPhotoId: null,
      refuseReason: null,
      personalDataErasedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(inArray(audiences.id, [...ids]));
}

export const byIds = (ids: readonly string[]) => inArray(audiences.id, [...ids]);

/** Whether an application references the photo (then its reviewers may see it). */
export async function isApplicationPhoto(db: Executor, photoId: string) {
  const row = await db.query.audiences.findFirst({ columns: { id: true }, where: or(eq(audiences.entryPhotoId, photoId), eq(audiences.idPhotoId, photoId)) });
  return Boolean(row);
}

/**
 * One batch of ID numbers to seal: still in the legacy plain-text column, or encrypted with a key that
 * is no longer the current one (rotation). Reading through Drizzle decrypts the latter.
 */
export async function idNumbersToSeal(db: Executor, limit: number) {
  const stale = sql`${audiences.legacyIdNumber} is not null or (${sql.identifier('id_number_encrypted')} is not null and ${sql.identifier('id_number_encrypted')} not like ${`${currentPersonalDataKeyId()}:%`})`;
  return db.select({ id: audiences.id, legacy: audiences.legacyIdNumber, current: audiences.idNumber }).from(audiences).where(stale).orderBy(audiences.id).limit(limit);
}

/** Writes a batch of sealed ID numbers in one statement (100,000 rows seal in about a hundred). */
export async function writeSealedIdNumbers(db: Executor, rows: ReadonlyArray<{ id: string; idNumber: string }>) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => {
      const columns = idNumberColumns(row.idNumber);
      return sql`(${row.id}::uuid, ${encryptPersonalData(row.idNumber)}, ${columns.idNumberHash}, ${columns.idNumberLast4})`;
    }),
    sql`, `,
  );
  await db.execute(sql`
    update audiences set id_number_encrypted = v.sealed, id_number_hash = v.hash, id_number_last4 = v.last4, id_number = null
    from (values ${values}) as v(id, sealed, hash, last4)
    where audiences.id = v.id`);
}

/** Seals every ID number still in plain text or under an old key, in batches; returns how many. */
export async function sealAllIdNumbers(db: Executor, batchSize = 1000): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await idNumbersToSeal(db, batchSize);
    if (rows.length === 0) return sealed;
    await writeSealedIdNumbers(db, rows.map((row) => ({ id: row.id, idNumber: (row.legacy ?? row.current) as string })));
    sealed += rows.length;
  }
}

export async function codeIdsOfApplicantsNamed(db: Executor, text: string, limit: number) {
  const rows = await db
    .select({ codeId: audiences.activationCodeId })
    .from(audiences)
    .where(and(isNotNull(audiences.activationCodeId), ilike(audiences.name, `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)))
    .limit(limit);
  return rows.flatMap((row) => (row.codeId ? [row.codeId] : []));
}

export function accountIdsOf(db: Executor, ids: readonly string[]) {
  return ids.length ? db.select({ accountId: audiences.accountId }).from(audiences).where(inArray(audiences.id, [...ids])) : Promise.resolve([]);
}

export function applicantNamesByIds(db: Executor, ids: readonly string[]) {
  return ids.length ? db.select({ id: audiences.id, name: audiences.name }).from(audiences).where(inArray(audiences.id, [...ids])) : Promise.resolve([]);
}

export async function applicantNamesByCodeIds(db: Executor, codeIds: readonly string[]) {
  if (codeIds.length === 0) return [];
  const rows = await db.select({ codeId: audiences.activationCodeId, name: audiences.name }).from(audiences).where(inArray(audiences.activationCodeId, [...codeIds]));
  return rows.flatMap((row) => (row.codeId ? [{ codeId: row.codeId, name: row.name ?? '' }] : []));
}
