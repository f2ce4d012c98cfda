import { and, desc, eq, exists, getTableColumns, ilike, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { TicketStatus, TTicketFilter } from '@portal/shared/ticket/ticket.schema';
import type { Executor } from '../../db/client';
import { newestFirst, newestFirstPages, olderThan } from '../../lib/keyset';
import { likeContains } from '../../lib/sql-like';
import { admissions, ticketAdmissionFacts, ticketCountDeltas, tickets, ticketSearchGramsOf } from './ticket.tables';

/** Every change of a ticket row: the devices' feed reads `version > since` (ticket.tables.ts). */
const touched = { version: sql`nextval('ticket_feed_version')`, updatedAt: sql`now()` };

/** The status the office shows, as SQL (the same order as `ticketStatusOf`). */
function statusIs(status: TicketStatus): SQL | undefined {
  switch (status) {
    case 'ERASED':
      return isNotNull(tickets.erasedAt);
    case 'REVOKED':
      return and(isNull(tickets.erasedAt), isNotNull(tickets.revokedAt));
    case 'INACTIVE':
      return and(isNull(tickets.erasedAt), isNull(tickets.revokedAt), not(tickets.holderApproved));
    case 'VALID':
      return and(isNull(tickets.erasedAt), isNull(tickets.revokedAt), eq(tickets.holderApproved, true));
  }
}

function conditionsOf(filter: TTicketFilter): SQL | undefined {
  const keyword = filter.keyword?.trim();
  // "Admitted" on the chosen day when a day is filtered, else on any day: the maintained facts (one row per
  // admitted ticket), not the admissions (tens of rows per ticket).
  const admitted = exists(
    sql`(select 1 from ${ticketAdmissionFacts} where ${ticketAdmissionFacts.ticketId} = ${tickets.id}${filter.day ? sql` and ${filter.day}::date = any(${ticketAdmissionFacts.days})` : sql``})`,
  );
  const pattern = keyword ? likeContains(keyword) : '';
  return and(
    filter.kind ? eq(tickets.kind, filter.kind) : undefined,
    filter.status ? statusIs(filter.status) : undefined,
    // Empty days: every show day (badges, imported tickets without days).
    filter.day ? sql`(cardinality(${tickets.days}) = 0 or ${filter.day}::date = any(${tickets.days}))` : undefined,
    typeof filter.admitted !== 'boolean' ? undefined : filter.admitted ? admitted : not(admitted),
    typeof filter.faceChecked !== 'boolean' ? undefined : filter.faceChecked ? isNotNull(tickets.faceCheckedAt) : isNull(tickets.faceCheckedAt),
    // The keyword's pairs (its character, when it is one) are looked up in tickets_search_grams_idx; ILIKE decides.
    keyword ? sql`${ticketSearchGramsOf(tickets)} @> ticket_keyword_grams(lower(${keyword}))` : undefined,
    keyword ? or(ilike(tickets.holderName, pattern), ilike(tickets.organization, pattern), ilike(tickets.externalCode, pattern)) : undefined,
  );
}

/**
 * One page, newest first (created_at, id: the index `tickets_list_idx`), and the total. Unfiltered, the
 * page walks the index beside the maintained count (`summedCountChanges`: how many changes it summed);
 * filtered, one statement counts its matches with a window while it picks the page, so that the matches
 * are read once, not once for each (a page past the end carries no total: it is counted by itself).
 */
export async function listTickets(db: Executor, filter: TTicketFilter, page: number, pageSize: number) {
  const where = conditionsOf(filter);
  const order = newestFirst(tickets);
  const offset = (page - 1) * pageSize;
  if (!where) {
    const [nodes, { total, changes }] = await Promise.all([db.select().from(tickets).orderBy(...order).limit(pageSize).offset(offset), countAllTickets(db)]);
    return { nodes, total, summedCountChanges: changes };
  }
  const rows = await db
    .select({ ...getTableColumns(tickets), total: sql<number>`(count(*) over ())::int` })
    .from(tickets)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(offset);
  const nodes = rows.map(({ total: _pageTotal, ...row }) => row);
  return { nodes, total: rows[0] ? Number(rows[0].total) : await countTickets(db, filter), summedCountChanges: 0 };
}

/** The exact number of all tickets, summed from the maintained changes; `changes`: how many rows were summed. */
async function countAllTickets(db: Executor) {
  const [row] = await db.select({ total: sql<number>`coalesce(sum(${ticketCountDeltas.delta}), 0)::int`, changes: sql<number>`count(*)::int` }).from(ticketCountDeltas);
  return { total: Number(row?.total ?? 0), changes: Number(row?.changes ?? 0) };
}

/** Folds the count's changes into one row. Safe beside writers and other folds: each row is deleted once. */
export async function compactTicketCountDeltas(db: Executor) {
  await db.execute(sql`
    with folded as (delete from ${ticketCountDeltas} returning delta)
    insert into ${ticketCountDeltas} (delta) select sum(delta) from folded having sum(delta) <> 0`);
}

export function countTickets(db: Executor, filter: TTicketFilter) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(tickets)
    .where(conditionsOf(filter))
    .then(([row]) => Number(row?.total ?? 0));
}

/** The filtered tickets in pages of `size`, newest first, by keyset (an export never holds them all). */
export function iterateTickets(db: Executor, filter: TTicketFilter, size: number) {
  const where = conditionsOf(filter);
  return newestFirstPages((after) => db.select().from(tickets).where(and(where, olderThan(tickets, after))).orderBy(...newestFirst(tickets)).limit(size), size);
}

/** Admissions, the last one and conflicts per ticket, for one page of tickets (their maintained facts). */
export async function admissionSummaries(db: Executor, ticketIds: readonly string[]) {
  if (ticketIds.length === 0) return [];
  return db
    .select({
      ticketId: ticketAdmissionFacts.ticketId,
      admissionCount: ticketAdmissionFacts.admissionCount,
      lastAdmittedAt: ticketAdmissionFacts.lastAdmittedAt,
      conflictCount: ticketAdmissionFacts.conflictCount,
    })
    .from(ticketAdmissionFacts)
    .where(inArray(ticketAdmissionFacts.ticketId, [...ticketIds]));
}

export async function findTicket(db: Executor, id: string) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

export async function lockTicket(tx: Executor, id: string) {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row;
}

export async function updateTicket(tx: Executor, id: string, values: Pick<Partial<typeof tickets.$inferInsert>, 'revokedAt' | 'revokedById' | 'revokeReason' | 'faceCheckedAt' | 'faceCheckedById'>) {
  const [row] = await tx
    .update(tickets)
    .set({ ...values, ...touched })
    .where(eq(tickets.id, id))
    .returning();
  if (!row) throw new Error(`ticket ${id} vanished under its lock`);
  return row;
}

/** One ticket's admissions, newest first. */
export function admissionsOfTicket(db: Executor, ticketId: string) {
  return db.select().from(admissions).where(eq(admissions.ticketId, ticketId)).orderBy(desc(admissions.at), desc(admissions.sequence));
}

/** Which of the external codes are taken already. */
export async function existingExternalCodes(db: Executor, codes: readonly string[]) {
  if (codes.length === 0) return [];
  const rows = await db.select({ code: tickets.externalCode }).from(tickets).where(inArray(tickets.externalCode, [...codes]));
  return rows.map((row) => row.code ?? '');
}

/** Inserts imported tickets (their id is their QR subject); skips codes stored meanwhile. Returns how many went in. */
export async function insertImportedTickets(tx: Executor, rows: ReadonlyArray<Omit<typeof tickets.$inferInsert, 'kind' | 'holderApproved' | 'subjectId'> & { id: string }>) {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(tickets)
    .values(rows.map((row) => ({ ...row, subjectId: row.id, kind: 'IMPORTED' as const, holderApproved: true })))
    .onConflictDoNothing({ target: tickets.externalCode })
    .returning({ id: tickets.id });
  return inserted.length;
}

/** Refreshes the planner's statistics of the tickets (after an import: PGlite never does it by itself). */
export async function analyzeTickets(db: Executor) {
  await db.execute(sql`analyze ${tickets}`);
}

/** Whether a ticket shows this photo (entry card or ID): the office's face check may open it. */
export async function ticketReferencingPhoto(db: Executor, photoId: string) {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(or(eq(tickets.entryPhotoId, photoId), eq(tickets.idPhotoId, photoId)))
    .limit(1);
  return row !== undefined;
}
