import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

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
