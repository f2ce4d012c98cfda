import { and, asc, eq, exists, getTableColumns, gt, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageWindow } from '../../lib/keyset';
import { likeContains } from '../../lib/sql-like';
import type { Executor } from '../../db/client';
import { APPROVE_STATUSES, type ApproveStatus } from '@portal/shared/application/application-status';
import type { AudienceListSort } from '@portal/shared/review/audience-list';
import { personalDataHash } from '../../lib/personal-data-cipher';
import type { ApplicationRow, VisitDateModel } from './application.models';
import { audienceCountDeltas, audienceNameGrams, audienceVisitDates, audiences, searchTokensOf } from './application.tables';

export interface ListConditions {
  statuses?: readonly ApproveStatus[] | null;
  /** Inclusive instants: the start of the first and the end of the last Shanghai day. */
  submittedFrom?: Date | null;
  submittedBefore?: Date | null;
  visitDate?: string | null;
  channelId?: string | null;
  groupId?: string | null;
  keyword?: string | null;
  /** Only the applications verified at the counter (`audiences_counter_check_idx`). */
  counterCheck?: boolean;
}

/** Directions as the indexes store them; reading an index backwards flips both the direction and the nulls. */
const REVERSED = { 'asc nulls last': 'desc nulls first', 'desc nulls first': 'asc nulls last', 'desc nulls last': 'asc nulls first', 'asc nulls first': 'desc nulls last' } as const;
type Direction = keyof typeof REVERSED;
type OrderKey = readonly [PgColumn, Direction];

// Each order ends with the id (a total order) and is the order of an index, forwards or backwards:
// audiences_list_order_idx, audiences_status_list_order_idx, audiences_name_order_idx. Submitted rows
// have a submission time, so "ascending, nulls first" is the screen's ascending list.
const ORDER: Record<AudienceListSort, OrderKey[]> = {
  SUBMITTED_DESC: [[audiences.submittedAt, 'desc nulls last'], [audiences.id, 'desc nulls first']],
  SUBMITTED_ASC: [[audiences.submittedAt, 'asc nulls first'], [audiences.id, 'asc nulls last']],
  NAME_ASC: [[audiences.name, 'asc nulls last'], [audiences.id, 'asc nulls last']],
  STATUS_ASC: [[audiences.approveStatus, 'asc nulls last'], [audiences.submittedAt, 'desc nulls last'], [audiences.id, 'desc nulls first']],
};

function orderBy(keys: readonly OrderKey[], reversed: boolean): SQL[] {
  return keys.map(([column, direction]) => sql`${column} ${sql.raw(reversed ? REVERSED[direction] : direction)}`);
}

function whereOf(filter: ListConditions): SQL | undefined {
  const keyword = filter.keyword?.trim();
  const normalised = keyword?.toUpperCase().replace(/\s+/g, '');
  const statuses = filter.statuses?.length ? inArray(audiences.approveStatus, [...filter.statuses]) : undefined;
  return and(
    // Accounts that never submitted are not applications.
    sql`${audiences.submittedAt} is not null`,
    // With a keyword, each of its branches applies the states itself: the name's index holds them, and
    // a bitmap of a whole state (350,000 rows at 1,000,000) would cost more than all the matches.
    keyword && normalised ? keywordCondition(keyword, normalised, filter.statuses ?? []) : statuses,
    filter.submittedFrom ? gte(audiences.submittedAt, filter.submittedFrom) : undefined,
    filter.submittedBefore ? lt(audiences.submittedAt, filter.submittedBefore) : undefined,
    filter.channelId ? eq(audiences.channelId, filter.channelId) : undefined,
    filter.groupId ? eq(audiences.groupId, filter.groupId) : undefined,
    filter.counterCheck ? eq(audiences.counterCheck, true) : undefined,
    filter.visitDate
      ? exists(
          sql`(select 1 from ${audienceVisitDates} where ${audienceVisitDates.audienceId} = ${audiences.id} and ${audienceVisitDates.day} = ${filter.visitDate})`,
        )
      : undefined,
  );
}

/** Name (contains), mobile or ID number (exact or ending with), among the given states (all when none). */
function keywordCondition(keyword: string, normalised: string, statuses: readonly ApproveStatus[]): SQL | undefined {
  const inStates = statuses.length ? inArray(audiences.approveStatus, [...statuses]) : undefined;
  const tokens = searchTokensOf(audiences);
  return or(
    // The keyword's characters and the states are looked up in audiences_search_tokens_idx; ILIKE decides.
    and(
      sql`${tokens} @> string_to_array(lower(${keyword}), null)`,
      statuses.length ? sql`${tokens} && array[${sql.join(statuses.map((status) => sql`${`state:${status}`}`), sql`, `)}]::text[]` : undefined,
      ilike(audiences.name, likeContains(keyword)),
    ),
    and(inStates, identityCondition(normalised)),
  );
}

/** The keyword as a mobile or an ID number: exact, or (four characters or more) the number's ending. */
function identityCondition(normalised: string): SQL | undefined {
  return or(
    eq(audiences.mobile, /^\d{11}$/.test(normalised) ? `+86${normalised}` : normalised),
    eq(audiences.idNumberHash, personalDataHash(normalised)),
    // The last digits of a mobile or an ID number, as organizers read them off a ticket.
    // ID numbers are encrypted at rest: their last four characters are kept apart for this search.
    normalised.length === 4 ? eq(audiences.idNumberLast4, normalised) : undefined,
    normalised.length >= 4
      ? and(sql`right(${audiences.mobile}, 4) = ${normalised.slice(-4)}`, sql`right(${audiences.mobile}, ${normalised.length}) = ${normalised}`)
      : undefined,
  );
}

/** The filter parts that the maintained counts answer (audience_count_deltas); null when another part is set. */
export function countKeyOf(filter: ListConditions): { statuses: readonly ApproveStatus[]; visitDate: string | null } | null {
  if (filter.submittedFrom || filter.submittedBefore || filter.channelId || filter.groupId || filter.counterCheck || filter.keyword?.trim()) return null;
  return { statuses: filter.statuses ?? [], visitDate: filter.visitDate ?? null };
}

/** The exact count of a status / visit-day filter, summed from the maintained changes; `changes`: how many rows were summed. */
export async function countFromDeltas(db: Executor, countKey: NonNullable<ReturnType<typeof countKeyOf>>) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${audienceCountDeltas.delta}), 0)::int`, changes: sql<number>`count(*)::int` })
    .from(audienceCountDeltas)
    .where(
      and(
        countKey.statuses.length ? inArray(audienceCountDeltas.approveStatus, [...countKey.statuses]) : undefined,
        countKey.visitDate ? eq(audienceCountDeltas.day, countKey.visitDate) : isNull(audienceCountDeltas.day),
      ),
    );
  return { total: Number(row?.total ?? 0), changes: Number(row?.changes ?? 0) };
}

/** Folds the counts' changes into one row per key. Safe beside writers and other folds: each row is deleted once. */
export async function compactCountDeltas(db: Executor) {
  await db.execute(sql`
    with folded as (delete from ${audienceCountDeltas} returning approve_status, day, delta)
    insert into ${audienceCountDeltas} (approve_status, day, delta)
    select approve_status, day, sum(delta) from folded group by approve_status, day having sum(delta) <> 0`);
}

/** The exact number of applications a filter matches, by reading them (filters the maintained counts do not cover). */
export async function countAudiences(db: Executor, filter: ListConditions) {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(audiences).where(whereOf(filter));
  return Number(row?.total ?? 0);
}

/** The filter's rows after `afterId`: a review job takes them in id order, batch after batch. */
const matchingAfter = (filter: ListConditions, afterId: string | null) => and(whereOf(filter), afterId ? gt(audiences.id, afterId) : undefined);

/** Up to `limit` ids of the filter after `afterId` in id order, locked FOR UPDATE (rows that stop matching while awaited are passed over). */
export async function lockNextMatchingIds(tx: Executor, filter: ListConditions, afterId: string | null, limit: number): Promise<string[]> {
  const rows = await tx.select({ id: audiences.id }).from(audiences).where(matchingAfter(filter, afterId)).orderBy(asc(audiences.id)).limit(limit).for('update');
  return rows.map((row) => row.id);
}

/** The same rows, read without a lock (to prepare what a batch needs before its transaction). */
export function nextMatchingRows(db: Executor, filter: ListConditions, afterId: string | null, limit: number) {
  return db.select().from(audiences).where(matchingAfter(filter, afterId)).orderBy(asc(audiences.id)).limit(limit);
}

/**
 * A page reads each row's visit days (by the primary key, in day order) in the same statement, so that
 * the list's `visitDates` needs no further query: PGlite runs statements one at a time, and on
 * PostgreSQL each is a round trip.
 */
const pageColumns = {
  ...getTableColumns(audiences),
  visitDays: sql<Array<{ day: string; admittedAt: string | null }>>`coalesce((select json_agg(json_build_object('day', ${audienceVisitDates.day}, 'admittedAt', ${audienceVisitDates.admittedAt}) order by ${audienceVisitDates.day}) from ${audienceVisitDates} where ${audienceVisitDates.audienceId} = ${audiences.id}), '[]')`,
};

type PageRow = ApplicationRow & { visitDays: Array<{ day: string; admittedAt: string | null }> };

function withVisitDates({ visitDays, ...row }: PageRow): ApplicationRow & { visitDates: VisitDateModel[] } {
  return { ...row, visitDates: visitDays.map(({ day, admittedAt }) => ({ audienceId: row.id, day, admittedAt: admittedAt === null ? null : new Date(admittedAt) })) };
}

/**
 * One page of the matching rows, read from its nearer end when `total` is known (lib/keyset.ts
 * `pageWindow`). A page deep in the middle reads the keys it skips from the order's index alone
 * (index-only scan) and only then its rows. Near either end the plain query is cheaper to plan (PGlite
 * plans every statement).
 */
export async function listAudiences(db: Executor, filter: ListConditions, sort: AudienceListSort, page: number, pageSize: number, total?: number) {
  const window = pageWindow(page, pageSize, total);
  if (!window) return [];
  const { limit, offset, fromEnd, keysFirst } = window;
  const order = orderBy(ORDER[sort], fromEnd);
  const where = whereOf(filter);
  let rows: PageRow[];
  if (!keysFirst) {
    rows = await db.select(pageColumns).from(audiences).where(where).orderBy(...order).limit(limit).offset(offset);
  } else {
    const keys = db.select({ id: audiences.id }).from(audiences).where(where).orderBy(...order).limit(limit).offset(offset).as('page_keys');
    rows = await db.select(pageColumns).from(keys).innerJoin(audiences, eq(audiences.id, keys.id)).orderBy(...order);
  }
  const models = rows.map(withVisitDates);
  return fromEnd ? models.reverse() : models;
}

/**
 * A page near the start and the exact total of a filter the maintained counts do not cover (keyword,
 * dates, channel), in one statement: the keys subquery counts its matches with a window while it picks
 * the page's keys, so the matches are read once instead of once for the count and again for the page.
 * `total` is null when the page is past the end (no row carries it).
 */
export async function countedPage(db: Executor, filter: ListConditions, sort: AudienceListSort, page: number, pageSize: number) {
  const order = orderBy(ORDER[sort], false);
  const keys = db
    .select({ id: audiences.id, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(audiences)
    .where(whereOf(filter))
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('page_keys');
  const rows = await db.select({ ...pageColumns, total: keys.total }).from(keys).innerJoin(audiences, eq(audiences.id, keys.id)).orderBy(...order);
  return { total: rows[0]?.total ?? null, rows: rows.map(({ total: _pageTotal, ...row }) => withVisitDates(row)) };
}

/**
 * A keyword that the name grams answer exactly (audience_name_grams), with the filter parts their rows
 * hold: states and submission dates.
 */
export interface GramSearch {
  keyword: string;
  /** The keyword as a mobile or an ID number (upper-case, no spaces). */
  normalised: string;
  statuses: readonly ApproveStatus[];
  submittedFrom: Date | null;
  submittedBefore: Date | null;
}

/** The grams are the name's characters and pairs of adjacent characters. */
const GRAM_LENGTH = 2;

/**
 * The filter as a look-up of the name grams, or null when they do not answer it exactly: a keyword of one
 * or two characters (as many once lower-cased, which PostgreSQL's libc and C collations do a character at
 * a time) beside states and submission dates; a channel or a visit day is not in the grams' rows.
 */
export function gramSearchOf(filter: ListConditions): GramSearch | null {
  const keyword = filter.keyword?.trim();
  const normalised = keyword?.toUpperCase().replace(/\s+/g, '');
  if (!keyword || !normalised || filter.channelId || filter.groupId || filter.visitDate || filter.counterCheck) return null;
  const length = [...keyword].length;
  if (length > GRAM_LENGTH || [...keyword.toLowerCase()].length !== length) return null;
  return { keyword, normalised, statuses: filter.statuses ?? [], submittedFrom: filter.submittedFrom ?? null, submittedBefore: filter.submittedBefore ?? null };
}

/** The sorts a page of grams is read in: the grams' btree holds each state's names in submission order. */
export type GramSort = Exclude<AudienceListSort, 'NAME_ASC'>;
export function isGramSort(sort: AudienceListSort): sort is GramSort {
  return sort !== 'NAME_ASC';
}

/** The grams' rows of names that contain the keyword, among the given states (all when none). */
function gramsWhere(search: GramSearch, statuses: readonly ApproveStatus[]): SQL | undefined {
  return and(
    sql`${audienceNameGrams.gram} = lower(${search.keyword})`,
    statuses.length ? inArray(audienceNameGrams.approveStatus, [...statuses]) : undefined,
    search.submittedFrom ? gte(audienceNameGrams.submittedAt, search.submittedFrom) : undefined,
    search.submittedBefore ? lt(audienceNameGrams.submittedAt, search.submittedBefore) : undefined,
  );
}

/** Applications the keyword finds as a mobile or an ID number (a few index probes; none for most keywords). */
function identityWhere(search: GramSearch): SQL | undefined {
  return and(
    sql`${audiences.submittedAt} is not null`,
    search.statuses.length ? inArray(audiences.approveStatus, [...search.statuses]) : undefined,
    search.submittedFrom ? gte(audiences.submittedAt, search.submittedFrom) : undefined,
    search.submittedBefore ? lt(audiences.submittedAt, search.submittedBefore) : undefined,
    identityCondition(search.normalised),
  );
}

/**
 * The exact number of matches: the names that contain the keyword (an index-only count of its grams) and
 * the applications found by their mobile or ID number whose name does not (so that none is counted twice).
 */
function gramCount(search: GramSearch): SQL<number> {
  const named = sql`(select count(*) from ${audienceNameGrams} where ${gramsWhere(search, search.statuses)})`;
  const byIdentityOnly = sql`(select count(*) from ${audiences} where ${identityWhere(search)} and not exists (select 1 from ${audienceNameGrams} where ${audienceNameGrams.gram} = lower(${search.keyword}) and ${audienceNameGrams.approveStatus} = ${audiences.approveStatus} and ${audienceNameGrams.submittedAt} = ${audiences.submittedAt} and ${audienceNameGrams.audienceId} = ${audiences.id}))`;
  return sql<number>`(${named} + ${byIdentityOnly})::int`;
}

export async function countByGrams(db: Executor, search: GramSearch) {
  const [row] = await db.select({ total: gramCount(search) }).from(sql`(select 1) as one`);
  return Number(row?.total ?? 0);
}

/**
 * One page of a keyword the grams answer, in a sort they hold, read as listAudiences reads the list (from
 * the nearer end once the total is known). The page's keys come from each state's grams in list order —
 * an index-only walk of as many entries as the page reaches — and the few applications found by their
 * mobile or ID number; `union` drops an application found both ways. Without `total`, the page is read
 * forwards and carries the exact total, counted in the same statement (null past the end: no row).
 */
export async function listByGrams(db: Executor, search: GramSearch, sort: GramSort, page: number, pageSize: number, total?: number) {
  const window = pageWindow(page, pageSize, total);
  if (!window) return { total: total ?? null, rows: [] };
  const { limit: size, offset: skipped, fromEnd } = window;
  const within = ORDER[sort].filter(([column]) => column !== audiences.approveStatus);
  const gramColumn = (column: PgColumn) => (column === audiences.id ? audienceNameGrams.audienceId : audienceNameGrams.submittedAt);
  // The grams' btree stores (submitted_at, audience_id) ascending; read forwards or backwards (no nulls there).
  const gramOrder = within.map(([column, direction]) => sql`${gramColumn(column)} ${sql.raw(direction.startsWith('desc') !== fromEnd ? 'desc' : 'asc')}`);
  const perState = (search.statuses.length ? search.statuses : APPROVE_STATUSES).map(
    (status) =>
      sql`(select ${audienceNameGrams.audienceId} as id, ${audienceNameGrams.approveStatus} as approve_status, ${audienceNameGrams.submittedAt} as submitted_at from ${audienceNameGrams} where ${gramsWhere(search, [status])} order by ${sql.join(gramOrder, sql`, `)} limit ${skipped + size})`,
  );
  const byIdentity = sql`(select ${audiences.id} as id, ${audiences.approveStatus} as approve_status, ${audiences.submittedAt} as submitted_at from ${audiences} where ${identityWhere(search)})`;
  const matchesOrder = ORDER[sort].map(([column, direction]) => sql.raw(`matches.${column.name} ${fromEnd ? REVERSED[direction] : direction}`));
  const keys = sql`(select matches.id from (${sql.join([...perState, byIdentity], sql` union `)}) as matches order by ${sql.join(matchesOrder, sql`, `)} limit ${size} offset ${skipped}) as page_keys`;
  const rows = await db
    .select({ ...pageColumns, total: total === undefined ? gramCount(search) : sql<number>`${total}::int` })
    .from(keys)
    .innerJoin(audiences, sql`${audiences.id} = page_keys.id`)
    .orderBy(...orderBy(ORDER[sort], fromEnd));
  const models = rows.map(({ total: _pageTotal, ...row }) => withVisitDates(row));
  return { total: total ?? rows[0]?.total ?? null, rows: fromEnd ? models.reverse() : models };
}

/** Every matching row in list order, in batches: exports never hold the whole list in memory. */
/**
 * One stretch of an export's order that a row comparison walks by keyset on an index: `where` picks the
 * stretch's rows, `keys` (the id last) are compared as a row, ascending or descending.
 */
interface KeysetStretch {
  where?: SQL;
  keys: readonly [PgColumn, ...PgColumn[]];
  direction: 'asc' | 'desc';
}

/**
 * Each sort as stretches in a row, so that every batch starts where the last ended (`(keys) > (last)`)
 * instead of counting past the rows before it (OFFSET read 50 batches' rows per batch on average at
 * 100,000), and so that rows changed meanwhile neither repeat nor push others out of the file. Exported
 * rows are submitted: their submission time is never null. A name may be (erased data): those rows come
 * last, as in the list. The states sort by their text, each state newest first.
 */
const KEYSET_STRETCHES: Record<AudienceListSort, readonly KeysetStretch[]> = {
  SUBMITTED_DESC: [{ keys: [audiences.submittedAt, audiences.id], direction: 'desc' }],
  SUBMITTED_ASC: [{ keys: [audiences.submittedAt, audiences.id], direction: 'asc' }],
  NAME_ASC: [
    { where: sql`${audiences.name} is not null`, keys: [audiences.name, audiences.id], direction: 'asc' },
    { where: isNull(audiences.name), keys: [audiences.id], direction: 'asc' },
  ],
  STATUS_ASC: [...APPROVE_STATUSES]
    .sort()
    .map((status) => ({ where: eq(audiences.approveStatus, status), keys: [audiences.submittedAt, audiences.id] as const, direction: 'desc' as const })),
};

/** What an export of the list writes (fewer columns: each is mapped for every one of 100,000 rows). */
/**
 * The export's columns, read as the sheet writer's worker wants them: the ID number as stored (sealed: the
 * worker opens and masks it, not the event loop) and the visit days joined by the database.
 */
const EXPORT_COLUMNS = {
  id: audiences.id,
  submittedAt: audiences.submittedAt,
  approveStatus: audiences.approveStatus,
  name: audiences.name,
  mobile: audiences.mobile,
  email: audiences.email,
  idType: audiences.idType,
  idNumberSealed: sql<string | null>`${audiences.idNumber}`,
  visitDates: sql<string | null>`(select string_agg(${audienceVisitDates.day}::text, ', ' order by ${audienceVisitDates.day}) from ${audienceVisitDates} where ${audienceVisitDates.audienceId} = ${audiences.id})`,
  channelId: audiences.channelId,
  refuseReason: audiences.refuseReason,
};

/**
 * The filtered applications in the list's order, `batchSize` at a time, each batch read by keyset (exports).
 * The last row's keys come back as text and go back cast to their column's type: a JavaScript Date would
 * drop the microseconds of the submission time, and rows would be skipped.
 */
export async function* iterateAudiences(db: Executor, filter: ListConditions, sort: AudienceListSort, batchSize = 1000) {
  const where = whereOf(filter);
  for (const stretch of KEYSET_STRETCHES[sort]) {
    const order = stretch.keys.map((key) => sql`${key} ${sql.raw(stretch.direction)}`);
    const keysAsText = sql<string[]>`array[${sql.join(
      stretch.keys.map((key) => sql`${key}::text`),
      sql`, `,
    )}]`;
    let after: SQL | undefined;
    for (;;) {
      const rows = await db
        .select({ ...EXPORT_COLUMNS, keyset: keysAsText })
        .from(audiences)
        .where(and(where, stretch.where, after))
        .orderBy(...order)
        .limit(batchSize);
      if (rows.length === 0) break;
      yield rows.map(({ keyset: _keyset, ...row }) => row);
      const last = rows[rows.length - 1];
      if (!last || rows.length < batchSize) break;
      const values = stretch.keys.map((key, index) => sql`${last.keyset[index] ?? null}::${sql.raw(key.getSQLType())}`);
      after = sql`(${sql.join([...stretch.keys], sql`, `)}) ${sql.raw(stretch.direction === 'asc' ? '>' : '<')} (${sql.join(values, sql`, `)})`;
    }
  }
}
