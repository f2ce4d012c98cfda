import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/** Where a newest-first list (created_at desc, id desc) stopped. */
export interface NewestFirstCursor {
  createdAt: Date;
  id: string;
}

/**
 * Newest first, as the list indexes are built (Drizzle's `.desc()`: DESC NULLS LAST). A plain `desc()` means
 * NULLS FIRST, which such an index cannot serve: PostgreSQL then sorts the whole table for every page.
 */
export function newestFirst(columns: { createdAt: PgColumn; id: PgColumn }, reversed = false): SQL[] {
  // Reversed (oldest first) is the same index read backwards: both the direction and the nulls flip.
  const direction = sql.raw(reversed ? 'asc nulls first' : 'desc nulls last');
  return [sql`${columns.createdAt} ${direction}`, sql`${columns.id} ${direction}`];
}

/** Within this many rows of an end a page is read with a plain OFFSET; beyond it, keys first (index only), then rows. */
export const NEAR_END_ROWS = 1000;

/** How one page of a newest-first list is read: `limit` rows after skipping `offset`, in `order`. */
export interface PageRead {
  order: SQL[];
  limit: number;
  offset: number;
  /** Skipping this many is cheaper from the index alone (keys first, then the page's rows). */
  keysFirst: boolean;
}

/**
 * Page `page` of a newest-first list. With its exact total known, a page in the second half is read from
 * the end, oldest first with the small offset from there, and turned round, so that the last page costs
 * what the first does (OFFSET reads and throws away every row it skips); past the end: no rows. Without
 * it (a page near the start, read while the total is summed) it is read forwards.
 */
export async function newestFirstPage<Row>(
  columns: { createdAt: PgColumn; id: PgColumn },
  page: number,
  pageSize: number,
  total: number | undefined,
  read: (how: PageRead) => Promise<Row[]>,
): Promise<Row[]> {
  const offset = (page - 1) * pageSize;
  if (total !== undefined && offset >= total) return [];
  const limit = total === undefined ? pageSize : Math.min(pageSize, total - offset);
  const fromEnd = total !== undefined && offset + limit / 2 > total / 2;
  const skipped = fromEnd ? total - offset - limit : offset;
  const rows = await read({ order: newestFirst(columns, fromEnd), limit, offset: skipped, keysFirst: skipped > NEAR_END_ROWS });
  return fromEnd ? rows.reverse() : rows;
}

/** The rows after the cursor in newest-first order (none: from the start). */
export function olderThan(columns: { createdAt: PgColumn; id: PgColumn }, after: NewestFirstCursor | undefined): SQL | undefined {
  return after ? or(lt(columns.createdAt, after.createdAt), and(eq(columns.createdAt, after.createdAt), lt(columns.id, after.id))) : undefined;
}

/**
 * A filtered list, newest first, `size` rows at a time by keyset (exports): each page is read after
 * the last one's cursor, so a long list is never held in memory and a deep page costs no OFFSET.
 */
export async function* newestFirstPages<Row extends NewestFirstCursor>(readPage: (after: NewestFirstCursor | undefined) => Promise<Row[]>, size: number) {
  let after: NewestFirstCursor | undefined;
  for (;;) {
    const rows = await readPage(after);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** A table listed newest first: its `created_at` and `id` columns, and an index on both, descending. */
type NewestFirstTable = PgTable & { id: PgColumn; createdAt: PgColumn };

/**
 * One page of `table`'s rows matching `where`, newest first (newestFirstPage). A page that skips more than
 * NEAR_END_ROWS from its end reads the skipped keys from the index alone (index-only scan), then joins its
 * rows; near either end the plain statement is cheaper to plan (PGlite plans every statement).
 */
export function readNewestFirst<Table extends NewestFirstTable>(db: Executor, table: Table, where: SQL | undefined, page: number, pageSize: number, total?: number) {
  type Row = Table['$inferSelect'];
  const source: NewestFirstTable = table;
  return newestFirstPage(source, page, pageSize, total, async ({ order, limit, offset, keysFirst }): Promise<Row[]> => {
    if (!keysFirst) return (await db.select().from(source).where(where).orderBy(...order).limit(limit).offset(offset)) as Row[];
    const keys = db.select({ id: source.id }).from(source).where(where).orderBy(...order).limit(limit).offset(offset).as('page_keys');
    const rows = await db.select({ row: source }).from(keys).innerJoin(source, eq(source.id, keys.id)).orderBy(...order);
    return rows.map((row) => row.row as Row);
  });
}

/** How a list finds its exact total: from maintained counts (`countKey` set) or by reading its matches. */
export interface CountedList<Row, CountKey> {
  /** The filter parts maintained counts answer; null when the filter has another part. */
  countKey: CountKey | null;
  /** The exact total from the maintained counts. */
  countFromKey: (countKey: CountKey) => Promise<number>;
  /** One page, newest first; with the total, a page in the second half is read from the end. */
  readPage: (total?: number) => Promise<Row[]>;
  /** A page and its filter's total in one statement (null past the end), and the total alone. */
  countedPage: () => Promise<{ nodes: Row[]; total: number | null }>;
  countMatches: () => Promise<number>;
}

/**
 * A page and the exact total of its filter, in as few statements as the filter allows: with maintained
 * counts, near the start the page is read forwards beside the count, deeper it waits for the total to
 * pick its nearer end; otherwise the page's own statement counts the matches (past the end, a count alone).
 */
export async function pageWithTotal<Row, CountKey>(page: number, pageSize: number, list: CountedList<Row, CountKey>): Promise<{ nodes: Row[]; total: number }> {
  const { countKey } = list;
  if (countKey === null) {
    const counted = await list.countedPage();
    return { nodes: counted.nodes, total: counted.total ?? (await list.countMatches()) };
  }
  if ((page - 1) * pageSize <= NEAR_END_ROWS) {
    const [total, nodes] = await Promise.all([list.countFromKey(countKey), list.readPage()]);
    return { nodes, total };
  }
  const total = await list.countFromKey(countKey);
  return { nodes: await list.readPage(total), total };
}
