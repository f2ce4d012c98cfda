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

/** Where one page of a list lies, and from which end it is read. */
export interface PageWindow {
  limit: number;
  /** Rows skipped from the end it is read from. */
  offset: number;
  /** Read from the end, in the reversed order (turn the rows round afterwards). */
  fromEnd: boolean;
  /** Skipping this many is cheaper from the index alone (keys first, then the page's rows). */
  keysFirst: boolean;
}

/**
 * Page `page` of a list. With its exact total known, a page in the second half is read from the end, in
 * the reversed order with the small offset from there, so that the last page costs what the first does
 * (OFFSET reads and throws away every row it skips); past the end: null (no rows). Without it (a page near
 * the start, read while the total is summed) it is read forwards.
 */
export function pageWindow(page: number, pageSize: number, total: number | undefined): PageWindow | null {
  const offset = (page - 1) * pageSize;
  if (total !== undefined && offset >= total) return null;
  const limit = total === undefined ? pageSize : Math.min(pageSize, total - offset);
  const fromEnd = total !== undefined && offset + limit / 2 > total / 2;
  const skipped = fromEnd ? total - offset - limit : offset;
  return { limit, offset: skipped, fromEnd, keysFirst: skipped > NEAR_END_ROWS };
}

/** How one page of a newest-first list is read: `limit` rows after skipping `offset`, in `order`. */
export interface PageRead extends Omit<PageWindow, 'fromEnd'> {
  order: SQL[];
}

/** Page `page` of a newest-first list (pageWindow), read by `read` and returned newest first. */
export async function newestFirstPage<Row>(
  columns: { createdAt: PgColumn; id: PgColumn },
  page: number,
  pageSize: number,
  total: number | undefined,
  read: (how: PageRead) => Promise<Row[]>,
): Promise<Row[]> {
  const window = pageWindow(page, pageSize, total);
  if (!window) return [];
  const { fromEnd, ...how } = window;
  const rows = await read({ ...how, order: newestFirst(columns, fromEnd) });
  return fromEnd ? rows.reverse() : rows;
}

/** A table listed newest first: its `created_at` and `id` columns, and an index on both, descending. */
type NewestFirstTable = PgTable & { id: PgColumn; createdAt: PgColumn };

/**
 * The rows after the cursor in newest-first order (none: from the start). The cursor's time is read back from its
 * row as the database holds it: a JavaScript Date keeps milliseconds, the column microseconds, and the rows one
 * statement or transaction writes (a generated batch, an import's chunk) share one time to the microsecond — compared
 * with the cut Date, all but the first page of them would be skipped. The Date stands in if the row is gone.
 */
export function olderThan(table: NewestFirstTable, after: NewestFirstCursor | undefined): SQL | undefined {
  if (!after) return undefined;
  const cursorTime = sql`coalesce((select ${table.createdAt} from ${table} where ${table.id} = ${after.id}), ${after.createdAt})`;
  return or(lt(table.createdAt, cursorTime), and(eq(table.createdAt, cursorTime), lt(table.id, after.id)));
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

/**
 * How a list finds its page and its exact total: the queries its filter allows. The service that owns the
 * list says which apply to a filter; `pageWithTotal` alone decides in what order they run.
 */
export interface PagedList<Row> {
  /** The filter's exact total. */
  count: () => Promise<number>;
  /** Whether `count` reads maintained counts or one small index (cheap at any depth) rather than the matches. */
  countIsKept: boolean;
  /** One page; with the total, a page in the second half is read from the end (pageWindow). */
  readPage: (total?: number) => Promise<Row[]>;
  /** Where the page's own statement can count the matches: the page and its total at once (null past the end). */
  countedPage?: () => Promise<{ nodes: Row[]; total: number | null }>;
}

/**
 * A page and the exact total of its filter, in as few statements as the filter allows — the one paging
 * strategy of every big back-office list:
 * - deep in a list whose total is kept (more than NEAR_END_ROWS skipped), the total first, then the page
 *   from its nearer end;
 * - otherwise, where the page's statement can count its matches, one statement (past the end, the count
 *   alone);
 * - otherwise the page, read forwards, beside the count.
 */
export async function pageWithTotal<Row>(page: number, pageSize: number, list: PagedList<Row>): Promise<{ nodes: Row[]; total: number }> {
  const { count, readPage, countedPage } = list;
  if (list.countIsKept && (page - 1) * pageSize > NEAR_END_ROWS) {
    const total = await count();
    return { nodes: await readPage(total), total };
  }
  if (countedPage) {
    const counted = await countedPage();
    return { nodes: counted.nodes, total: counted.total ?? (await count()) };
  }
  const [total, nodes] = await Promise.all([count(), readPage()]);
  return { nodes, total };
}
