import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { HOLDING_STATUSES } from './application.repository';
import { audienceVisitDates, audienceWaitlist, audiences } from './application.tables';

export type WaitlistRow = typeof audienceWaitlist.$inferSelect;

/**
 * The visitor's entries with their place in line: 1 for the first one waiting; null for an offered seat.
 * Entries ahead that were offered are no longer in line; the join time then the id order the line.
 */
export function entriesOf(db: Executor, audienceId: string) {
  // Qualified by hand: inside the subquery an unqualified column would name the inner table.
  const ahead = sql<number | null>`case when audience_waitlist.offered_at is null then (
    select count(*)::int from audience_waitlist as other
    where other.day = audience_waitlist.day and other.offered_at is null
      and (other.joined_at, other.id) <= (audience_waitlist.joined_at, audience_waitlist.id)
  ) end`;
  return db
    .select({ id: audienceWaitlist.id, day: audienceWaitlist.day, joinedAt: audienceWaitlist.joinedAt, offeredAt: audienceWaitlist.offeredAt, offerExpiresAt: audienceWaitlist.offerExpiresAt, position: ahead })
    .from(audienceWaitlist)
    .where(eq(audienceWaitlist.audienceId, audienceId))
    .orderBy(asc(audienceWaitlist.day));
}

export async function findEntry(tx: Executor, audienceId: string, day: string) {
  const [row] = await tx
    .select()
    .from(audienceWaitlist)
    .where(and(eq(audienceWaitlist.audienceId, audienceId), eq(audienceWaitlist.day, day)));
  return row;
}

export async function insertEntry(tx: Executor, values: { audienceId: string; day: string; joinedAt: Date }) {
  await tx.insert(audienceWaitlist).values(values).onConflictDoNothing();
}

export async function deleteEntry(tx: Executor, id: number) {
  await tx.delete(audienceWaitlist).where(eq(audienceWaitlist.id, id));
}

/** Removes the applications' entries (refused, withdrawn, erased); returns the days they were on. */
export async function deleteEntriesOf(tx: Executor, audienceIds: readonly string[]) {
  if (audienceIds.length === 0) return [];
  return tx.delete(audienceWaitlist).where(inArray(audienceWaitlist.audienceId, [...audienceIds])).returning({ day: audienceWaitlist.day });
}

/** The visitor now holds these days: their entries on them are done with. */
export async function deleteEntriesOn(tx: Executor, audienceId: string, days: readonly string[]) {
  if (days.length === 0) return;
  await tx.delete(audienceWaitlist).where(and(eq(audienceWaitlist.audienceId, audienceId), inArray(audienceWaitlist.day, [...days])));
}

/** The days the applications hold or wait on (what letting them go may free). */
export async function daysOf(tx: Executor, audienceIds: readonly string[]) {
  if (audienceIds.length === 0) return [];
  const held = await tx.selectDistinct({ day: audienceVisitDates.day }).from(audienceVisitDates).where(inArray(audienceVisitDates.audienceId, [...audienceIds]));
  const waiting = await tx.selectDistinct({ day: audienceWaitlist.day }).from(audienceWaitlist).where(inArray(audienceWaitlist.audienceId, [...audienceIds]));
  return [...new Set([...held, ...waiting].map((row) => row.day))].sort();
}

/** Offers whose confirmation time has passed on the day: removed, their seats free again; with what the lapse notice needs. */
export async function deleteExpiredOffers(tx: Executor, day: string, now: Date) {
  const lapsed = await tx
    .delete(audienceWaitlist)
    .where(and(eq(audienceWaitlist.day, day), lte(audienceWaitlist.offerExpiresAt, now)))
    .returning({ id: audienceWaitlist.id, audienceId: audienceWaitlist.audienceId });
  if (lapsed.length === 0) return [];
  const contacts = await tx
    .select({ id: audiences.id, name: audiences.name, email: audiences.email, mobile: audiences.mobile })
    .from(audiences)
    .where(inArray(audiences.id, lapsed.map((row) => row.audienceId)));
  const byId = new Map(contacts.map((row) => [row.id, row]));
  return lapsed.flatMap((row) => {
    const contact = byId.get(row.audienceId);
    return contact ? [{ ...contact, entryId: row.id }] : [];
  });
}

/** The first `limit` still waiting on the day, in line order, with what their notice needs. */
export function nextWaiting(tx: Executor, day: string, limit: number) {
  return tx
    .select({ id: audienceWaitlist.id, audienceId: audienceWaitlist.audienceId, name: audiences.name, email: audiences.email, mobile: audiences.mobile })
    .from(audienceWaitlist)
    .innerJoin(audiences, eq(audiences.id, audienceWaitlist.audienceId))
    .where(and(eq(audienceWaitlist.day, day), isNull(audienceWaitlist.offeredAt), inArray(audiences.approveStatus, [...HOLDING_STATUSES])))
    .orderBy(asc(audienceWaitlist.joinedAt), asc(audienceWaitlist.id))
    .limit(limit);
}

export async function markOffered(tx: Executor, ids: readonly number[], offeredAt: Date, offerExpiresAt: Date) {
  if (ids.length === 0) return;
  await tx.update(audienceWaitlist).set({ offeredAt, offerExpiresAt }).where(inArray(audienceWaitlist.id, [...ids]));
}

/** The days with an offer past its confirmation time (the sweep's work). */
export async function daysWithExpiredOffers(db: Executor, now: Date) {
  const rows = await db.selectDistinct({ day: audienceWaitlist.day }).from(audienceWaitlist).where(lte(audienceWaitlist.offerExpiresAt, now)).orderBy(asc(audienceWaitlist.day));
  return rows.map((row) => row.day);
}

/** Per day: how many wait, and how many hold an offered seat (the organizers' figure). */
export async function lengthsByDay(db: Executor, days: readonly string[]) {
  if (days.length === 0) return new Map<string, { waiting: number; offered: number }>();
  const rows = await db
    .select({
      day: audienceWaitlist.day,
      waiting: sql<number>`(count(*) filter (where ${audienceWaitlist.offeredAt} is null))::int`,
      offered: sql<number>`(count(*) filter (where ${audienceWaitlist.offeredAt} is not null))::int`,
    })
    .from(audienceWaitlist)
    .where(inArray(audienceWaitlist.day, [...days]))
    .groupBy(audienceWaitlist.day);
  return new Map(rows.map((row) => [row.day, { waiting: Number(row.waiting), offered: Number(row.offered) }]));
}

/** A confirmed offer becomes a held visit day. */
export async function addVisitDate(tx: Executor, audienceId: string, day: string) {
  await tx.insert(audienceVisitDates).values({ audienceId, day }).onConflictDoNothing();
}
