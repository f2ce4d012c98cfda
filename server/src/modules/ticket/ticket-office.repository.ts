import { and, desc, eq, exists, getTableColumns, gt, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { TicketKind, TicketStatus, TTicketFilter } from '@portal/shared/ticket/ticket.schema';
import type { Executor } from '../../db/client';
import { newestFirst, newestFirstPages, olderThan, readNewestFirst } from '../../lib/keyset';
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

/** How many of a keyword's grams the list looks up in `tickets_search_grams_idx`: the rarest ones (see `rarestGrams`). */
const LOOKED_UP_GRAMS = 2;

/**
 * The keyword's grams (`ticket_keyword_grams`: its pairs, or its one character), from PostgreSQL's own `lower`
 * so that they are the grams the index holds for a row containing it.
 */
export async function keywordGrams(db: Executor, keyword: string): Promise<string[]> {
  const [row] = await db.select({ grams: sql<string[]>`ticket_keyword_grams(lower(${keyword}))` }).from(sql`(values (1)) as one`);
  return row?.grams ?? [];
}

/**
 * How common each gram is among the rows of `tickets_search_grams_idx` (the share of rows holding it), as the last
 * ANALYZE of the tickets counted them: its most common elements only (a gram not among them is rarer than those).
 */
export async function gramFrequencies(db: Executor): Promise<Map<string, number>> {
  const [row] = await db
    .select({ grams: sql<string[] | null>`most_common_elems::text::text[]`, frequencies: sql<number[] | null>`most_common_elem_freqs::float8[]` })
    .from(sql`pg_stats`)
    .where(sql`schemaname = current_schema() and tablename = 'tickets_search_grams_idx'`);
  // The frequencies end with three summary figures (min, max, nulls): the grams' own come first, in their order.
  return new Map((row?.grams ?? []).map((gram, index) => [gram, Number(row?.frequencies?.[index] ?? 0)]));
}

/**
 * The keyword's rarest grams by the statistics (the first ones in the keyword among equals). Every match holds
 * all its grams, so any of them finds every match; the GIN index then intersects two short posting lists instead
 * of the common pairs' ("co", "om" of "Company" are in every imported row of the bench: its index part fell from 7 to 0.5 ms).
 */
export function rarestGrams(grams: readonly string[], frequencies: ReadonlyMap<string, number>): string[] {
  return grams
    .map((gram, position) => ({ gram, position, frequency: frequencies.get(gram) ?? 0 }))
    .sort((a, b) => a.frequency - b.frequency || a.position - b.position)
    .slice(0, LOOKED_UP_GRAMS)
    .map(({ gram }) => gram);
}

/** The joined lower-cased text the grams are made of (the index's expression): the keyword's one comparison. */
const searchableText = sql`lower(${tickets.holderName} || chr(31) || coalesce(${tickets.organization}, '') || chr(31) || coalesce(${tickets.externalCode}, ''))`;

/**
 * Whether the holder, the organization or the external code contains the keyword, as ILIKE on each finds it. In
 * UTF-8, ILIKE lower-cases text and pattern with `lower` and matches them with LIKE, and `lower` goes a character
 * at a time: so it is one LIKE on the joined lower-cased text, as the keyword cannot hold the separator chr(31)
 * (the filter refuses control characters) and its escaped pattern has no wildcard to match it.
 */
function containsKeyword(keyword: string): SQL {
  return sql`${searchableText} like lower(${likeContains(keyword)})`;
}

/** The row holds these grams: its candidates from `tickets_search_grams_idx`. */
function holdsGrams(grams: SQL): SQL {
  return sql`${ticketSearchGramsOf(tickets)} @> ${grams}`;
}

/** Every condition but the keyword's grams. */
function conditionsBesideGrams(filter: TTicketFilter): SQL | undefined {
  const keyword = filter.keyword?.trim();
  // "Admitted" on the chosen day when a day is filtered, else on any day: the maintained facts (one row per
  // admitted ticket), not the admissions (tens of rows per ticket).
  const admitted = exists(
    sql`(select 1 from ${ticketAdmissionFacts} where ${ticketAdmissionFacts.ticketId} = ${tickets.id}${filter.day ? sql` and ${filter.day}::date = any(${ticketAdmissionFacts.days})` : sql``})`,
  );
  return and(
    filter.kind ? eq(tickets.kind, filter.kind) : undefined,
    filter.status ? statusIs(filter.status) : undefined,
    // Empty days: every show day (badges, imported tickets without days).
    filter.day ? sql`(cardinality(${tickets.days}) = 0 or ${filter.day}::date = any(${tickets.days}))` : undefined,
    typeof filter.admitted !== 'boolean' ? undefined : filter.admitted ? admitted : not(admitted),
    typeof filter.faceChecked !== 'boolean' ? undefined : filter.faceChecked ? isNotNull(tickets.faceCheckedAt) : isNull(tickets.faceCheckedAt),
    keyword ? containsKeyword(keyword) : undefined,
  );
}

/** The export's and the count's conditions: the keyword's candidates by all its grams (its pairs, or its character); the match decides. */
function conditionsOf(filter: TTicketFilter): SQL | undefined {
  const keyword = filter.keyword?.trim();
  return and(keyword ? holdsGrams(sql`ticket_keyword_grams(lower(${keyword}))`) : undefined, conditionsBesideGrams(filter));
}

/** Whether the filter narrows the list (unfiltered, the total is the maintained count). */
export function isTicketListFiltered(filter: TTicketFilter): boolean {
  return conditionsBesideGrams(filter) !== undefined;
}

/** One page, newest first (the index `tickets_list_idx`), from its nearer end once the total is known. */
export function listTickets(db: Executor, filter: TTicketFilter, page: number, pageSize: number, total?: number) {
  return readNewestFirst(db, tickets, conditionsOf(filter), page, pageSize, total);
}

/**
 * One page of a filtered list, newest first, and its total: one statement finds the matches once, as keys
 * (id, created_at): their number is the total, the page's keys are the newest of them, and only the page's
 * rows are read whole (a page past the end carries no total: null). A keyword's candidates are the rows
 * holding `keywordGrams` (its rarest grams, `rarestGrams`), read from `tickets_search_grams_idx` in a
 * subquery of their own (OFFSET 0): that plan holds whatever the statistics say of the other conditions —
 * with the bench's 100,000 tickets inserted and not yet analyzed, the kind looked like one row, and the list
 * read all of them through `tickets_subject_idx` (2.5 s on PGlite).
 */
export async function countedTicketPage(db: Executor, filter: TTicketFilter, page: number, pageSize: number, keywordGrams: readonly string[] = []) {
  const where = conditionsBesideGrams(filter);
  const offset = (page - 1) * pageSize;
  const gramList = sql.join(
    keywordGrams.map((gram) => sql`${gram}`),
    sql`, `,
  );
  const candidates = keywordGrams.length > 0 ? sql`(select * from ${tickets} where ${holdsGrams(sql`array[${gramList}]::text[]`)} offset 0) as ${tickets}` : tickets;
  // The keys as SQL, not as the table's columns: Drizzle does not see the table in a subquery of its own.
  const matches = db
    .$with('matches')
    .as(db.select({ id: sql<string>`${tickets.id}`.as('id'), createdAt: sql<Date>`${tickets.createdAt}`.as('created_at') }).from(candidates).where(where));
  const newestKeysFirst = sql`created_at desc nulls last, id desc nulls last`;
  const pageKeys = db.select().from(matches).orderBy(newestKeysFirst).limit(pageSize).offset(offset).as('page_keys');
  const rows = await db
    .with(matches)
    .select({ ...getTableColumns(tickets), total: sql<number>`(select count(*) from ${matches})::int` })
    .from(pageKeys)
    .innerJoin(tickets, sql`${tickets.id} = page_keys.id`)
    .orderBy(...newestFirst(tickets));
  const nodes = rows.map(({ total: _pageTotal, ...row }) => row);
  return { nodes, total: rows[0] ? Number(rows[0].total) : null };
}

/** The exact number of all tickets, summed from the maintained changes; `changes`: how many rows were summed. */
export async function countAllTickets(db: Executor) {
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

/**
 * The filtered tickets in pages of `size` by id (a batch print). Not `iterateTickets`' newest-first keyset:
 * its cursor is a JavaScript Date, cut to the millisecond, so rows written in one statement (the same
 * microsecond) end the walk after its first page.
 */
export async function* ticketsById(db: Executor, filter: TTicketFilter, size: number) {
  const where = conditionsOf(filter);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(tickets)
      .where(and(where, after ? gt(tickets.id, after) : undefined))
      .orderBy(tickets.id)
      .limit(size);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = last.id;
  }
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

export async function findTicketOf(db: Executor, kind: TicketKind, subjectId: string) {
  const [row] = await db.select().from(tickets).where(and(eq(tickets.kind, kind), eq(tickets.subjectId, subjectId)));
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

/** Revokes tickets of an import that did not complete and frees their external codes (the feed carries the revocation; the import's audit row says why). */
export async function withdrawImportedTickets(tx: Executor, ids: readonly string[], by: { revokedAt: Date; revokedById: string }) {
  if (ids.length === 0) return;
  await tx
    .update(tickets)
    .set({ ...by, revokeReason: null, externalCode: null, ...touched })
    .where(inArray(tickets.id, [...ids]));
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
