import { and, count, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { likeContains } from '../../lib/sql-like';
import { newestFirst, newestFirstPages, olderThan, readNewestFirst } from '../../lib/keyset';
import type { TBadgeFilter } from '@portal/shared/badge/badge.schema';
import type { SubmissionStatus } from '@portal/shared/submission/submission.schema';
import { ReviewTableQueries } from '../../lib/submission-tables';
import { badgeCountDeltas, badgeSearchCharsOf, badgeSearchGrams, badgeStatusHistory, badges } from './badge.tables';
import type { BadgeRow, NewBadge } from './badge.models';

/** The review workflow's view of the badges and their history (decisions, history). */
export const badgeQueries = new ReviewTableQueries<BadgeRow>(badges, badgeStatusHistory);

/** The list's conditions; `exhibitorId` restricts to one company (always set for an exhibitor's own list). */
function conditionsOf(filter: TBadgeFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.exhibitorId) conditions.push(eq(badges.exhibitorId, filter.exhibitorId));
  if (filter.status) conditions.push(eq(badges.status, filter.status));
  if (filter.createdFrom) conditions.push(gte(badges.createdAt, filter.createdFrom));
  if (filter.createdTo) conditions.push(lte(badges.createdAt, filter.createdTo));
  if (filter.keyword) {
    const pattern = likeContains(filter.keyword);
    const keyword = or(
      // The keyword's characters are looked up in badges_search_chars_idx; ILIKE decides.
      and(sql`${badgeSearchCharsOf(badges)} @> string_to_array(lower(${filter.keyword}), null)`, or(ilike(badges.name, pattern), ilike(badges.namePinyin, pattern))),
      eq(badges.phoneNumber, filter.keyword),
      eq(badges.idNumberLast4, filter.keyword.toUpperCase()),
    );
    if (keyword) conditions.push(keyword);
  }
  return conditions.length ? and(...conditions) : undefined;
}

// The order of badges_list_idx and badges_status_list_idx, so that a page walks an index instead of sorting the table.
const ORDER = newestFirst(badges);

/** The filter parts the maintained counts answer (badge_count_deltas): a company and a state; null with dates or a keyword. */
export function countKeyOf(filter: TBadgeFilter): { exhibitorId: string | null; status: SubmissionStatus | null } | null {
  if (filter.createdFrom || filter.createdTo || filter.keyword) return null;
  return { exhibitorId: filter.exhibitorId ?? null, status: filter.status ?? null };
}

/** The exact count of a company / state filter, summed from the maintained changes; `changes`: how many rows were summed. */
export async function countFromDeltas(db: Executor, countKey: NonNullable<ReturnType<typeof countKeyOf>>) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${badgeCountDeltas.delta}), 0)::int`, changes: sql<number>`count(*)::int` })
    .from(badgeCountDeltas)
    .where(
      and(
        // Over every company: the rows kept per state alone (exhibitor_id null).
        countKey.exhibitorId ? eq(badgeCountDeltas.exhibitorId, countKey.exhibitorId) : isNull(badgeCountDeltas.exhibitorId),
        countKey.status ? eq(badgeCountDeltas.status, countKey.status) : undefined,
      ),
    );
  return { total: Number(row?.total ?? 0), changes: Number(row?.changes ?? 0) };
}

/** Badges per state over every company (the dashboard), from the maintained changes. */
export async function countByStatusFromDeltas(db: Executor) {
  const rows = await db
    .select({ status: badgeCountDeltas.status, count: sql<number>`sum(${badgeCountDeltas.delta})::int`, changes: sql<number>`count(*)::int` })
    .from(badgeCountDeltas)
    .where(isNull(badgeCountDeltas.exhibitorId))
    .groupBy(badgeCountDeltas.status)
    .having(sql`sum(${badgeCountDeltas.delta}) <> 0`);
  return { counts: rows.map((row) => ({ status: row.status, count: Number(row.count) })), changes: rows.reduce((sum, row) => sum + Number(row.changes), 0) };
}

/** Folds the counts' changes into one row per key. Safe beside writers and other folds: each row is deleted once. */
export async function compactBadgeCountDeltas(db: Executor) {
  await db.execute(sql`
    with folded as (delete from ${badgeCountDeltas} returning exhibitor_id, status, delta)
    insert into ${badgeCountDeltas} (exhibitor_id, status, delta)
    select exhibitor_id, status, sum(delta) from folded group by exhibitor_id, status having sum(delta) <> 0`);
}

/** One page of a filter, newest first; with its exact total known, a page in the second half is read from the end. */
export function listBadges(db: Executor, filter: TBadgeFilter, page: number, pageSize: number, total?: number) {
  return readNewestFirst(db, badges, conditionsOf(filter), page, pageSize, total);
}

/**
 * A page and the exact total of a filter the maintained counts do not cover (dates, a keyword), in one
 * statement. The count is a subquery, planned on its own (a sequential read of the table: 476 blocks at
 * 20,000 badges), rather than a window over the page's rows, which walks the state's index and visits
 * every row of the state in random order (8,000 blocks). `total` is null when the page is past the end.
 */
export async function countedBadgePage(db: Executor, filter: TBadgeFilter, page: number, pageSize: number, gramFrequencies: () => Promise<GramFrequencies>) {
  if (filter.keyword && !filter.exhibitorId && !filter.keyword.includes(SEARCHABLE_SEPARATOR)) {
    return keywordPage(db, { ...filter, keyword: filter.keyword }, page, pageSize, await gramFrequencies());
  }
  const where = conditionsOf(filter);
  const rows = await db
    .select({ badge: badges, total: sql<number>`(select count(*)::int from ${badges} where ${where ?? sql`true`})` })
    .from(badges)
    .where(where)
    .orderBy(...ORDER)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: rows[0] === undefined ? null : Number(rows[0].total), nodes: rows.map((row) => row.badge) };
}

/** The most common grams of badge_search_grams and their frequencies, as the last analyze found them (JSON: gram → frequency). */
export type GramFrequencies = string;

/** Reads the grams' statistics (the `pg_stats` view: a few milliseconds to plan, so the service keeps a copy). */
export async function readGramFrequencies(db: Executor): Promise<GramFrequencies> {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const result = (await db.execute(sql`
    select coalesce((select jsonb_object_agg(gram, frequency) from pg_stats s, unnest(s.most_common_vals::text::text[], s.most_common_freqs) as mcv(gram, frequency)
      where s.schemaname = current_schema() and s.tablename = 'badge_search_grams' and s.attname = 'gram'), '{}')::text as frequencies`)) as unknown as {
    rows: Array<{ frequencies: string }>;
  };
  return result.rows[0]?.frequencies ?? '{}';
}

/** Between name and pinyin in the grams' text (badge_searchable): a keyword holding it falls back to ILIKE. */
const SEARCHABLE_SEPARATOR = '\u001f';

/**
 * The organizers' queue filtered by a keyword (with a state and dates, not a company), from the maintained
 * grams (badge_search_grams, drizzle/0025_list_keywords): the names that contain the keyword are the rows of one of its pairs
 * (the rarest) whose text contains it, read from the index
 * alone in list order for the page and counted there; the badges whose phone or ID number's last four equal
 * it and whose name does not hold it are added. Equal to what ILIKE finds (badge-list-counts.test.ts).
 */
async function keywordPage(db: Executor, filter: TBadgeFilter & { keyword: string }, page: number, pageSize: number, statistics: GramFrequencies) {
  const keyword = sql`lower(${filter.keyword})`;
  const pattern = sql`lower(${likeContains(filter.keyword)})`;
  // Chosen once, in FROM: the pair the column's statistics find rarest (most common values, refreshed by
  // analyze; a pair not among them is rarer than those that are), or the keyword itself of one or two
  // characters. Any of its pairs gives the same matches; the rarest is read fastest.
  const chosen = sql`(select g from badge_search_grams(${keyword}) as grams(g) where char_length(g) = least(2, char_length(${keyword}))
    order by coalesce((${statistics}::jsonb ->> grams.g)::float4, 0), g limit 1) as chosen(gram)`;
  const named = and(
    sql`${badgeSearchGrams.gram} = chosen.gram`,
    filter.status ? eq(badgeSearchGrams.status, filter.status) : undefined,
    filter.createdFrom ? gte(badgeSearchGrams.createdAt, filter.createdFrom) : undefined,
    filter.createdTo ? lte(badgeSearchGrams.createdAt, filter.createdTo) : undefined,
    sql`${badgeSearchGrams.searchable} like ${pattern}`,
  );
  const byIdentityOnly = and(
    or(eq(badges.phoneNumber, filter.keyword), eq(badges.idNumberLast4, filter.keyword.toUpperCase())),
    filter.status ? eq(badges.status, filter.status) : undefined,
    filter.createdFrom ? gte(badges.createdAt, filter.createdFrom) : undefined,
    filter.createdTo ? lte(badges.createdAt, filter.createdTo) : undefined,
    sql`not badge_searchable(${badges.name}, ${badges.namePinyin}) like ${pattern}`,
  );
  const offset = (page - 1) * pageSize;
  // The grams' btree holds (created_at, badge_id) ascending within a state: read backwards, newest first.
  const keys = sql`(select ${badgeSearchGrams.badgeId} as id, ${badgeSearchGrams.createdAt} as created_at from ${badgeSearchGrams} where ${named}
      order by ${badgeSearchGrams.createdAt} desc, ${badgeSearchGrams.badgeId} desc limit ${offset + pageSize})
    union all (select ${badges.id}, ${badges.createdAt} from ${badges} where ${byIdentityOnly})
    order by created_at desc, id desc offset ${offset} limit ${pageSize}`;
  const [found] = await db
    .select({
      total: sql<number>`((select count(*) from ${badgeSearchGrams} where ${named}) + (select count(*) from ${badges} where ${byIdentityOnly}))::int`,
      ids: sql<string[]>`array(select id::text from (${keys}) as page)`,
    })
    .from(chosen);
  const ids = found?.ids ?? [];
  const nodes = ids.length ? await db.select().from(badges).where(inArray(badges.id, ids)).orderBy(...ORDER) : [];
  return { total: Number(found?.total ?? 0), nodes };
}

/** How many badges match the filter, by reading them (an export's row count, sent before its rows). */
export async function countBadges(db: Executor, filter: TBadgeFilter) {
  const [total] = await db.select({ value: count() }).from(badges).where(conditionsOf(filter));
  return total?.value ?? 0;
}

/** The filtered list in the list's order, `size` rows at a time (exports): keyset paging, never the whole list in memory. */
export function iterateBadges(db: Executor, filter: TBadgeFilter, size = 200) {
  const where = conditionsOf(filter);
  return newestFirstPages((after) => db.select().from(badges).where(and(where, olderThan(badges, after))).orderBy(...ORDER).limit(size), size);
}

export function findBadgeById(db: Executor, id: string) {
  return db.query.badges.findFirst({ where: eq(badges.id, id) });
}

export function findBadgesByIds(db: Executor, ids: readonly string[]) {
  return ids.length ? db.select().from(badges).where(inArray(badges.id, [...ids])) : Promise.resolve([]);
}

export async function lockBadge(tx: Executor, id: string) {
  const [row] = await tx.select().from(badges).where(eq(badges.id, id)).for('update');
  return row;
}

/** Badges that count against the company's limit: every one not rejected. */
export async function countCountingBadges(db: Executor, exhibitorId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(badges)
    .where(and(eq(badges.exhibitorId, exhibitorId), ne(badges.status, 'REJECTED')));
  return row?.value ?? 0;
}

/** The counting badges of several companies at once (the organizer's exhibitor list). */
export async function countCountingBadgesOf(db: Executor, exhibitorIds: readonly string[]) {
  if (!exhibitorIds.length) return [];
  return db
    .select({ exhibitorId: badges.exhibitorId, value: count() })
    .from(badges)
    .where(and(inArray(badges.exhibitorId, [...exhibitorIds]), ne(badges.status, 'REJECTED')))
    .groupBy(badges.exhibitorId);
}

export async function insertBadge(tx: Executor, values: NewBadge) {
  const [row] = await tx.insert(badges).values(values).returning();
  if (!row) throw new Error('insert into badges returned no row');
  return row;
}

export async function updateBadge(tx: Executor, id: string, values: Partial<NewBadge>) {
  const [row] = await tx
    .update(badges)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(badges.id, id))
    .returning();
  return row;
}

export function deleteBadge(tx: Executor, id: string) {
  return tx.delete(badges).where(eq(badges.id, id));
}

export function findBadgeByIdNumberHash(db: Executor, hash: string) {
  return db.query.badges.findFirst({ where: eq(badges.idNumberHash, hash) });
}

/** Whether a badge (of the company, when given) references the photo as its entry-card or ID photo. */
export async function badgeReferencingPhoto(db: Executor, photoId: string, exhibitorId?: string) {
  const [row] = await db
    .select({ id: badges.id })
    .from(badges)
    .where(and(or(eq(badges.entryPhotoId, photoId), eq(badges.idPhotoId, photoId)), exhibitorId ? eq(badges.exhibitorId, exhibitorId) : undefined))
    .limit(1);
  return row;
}
