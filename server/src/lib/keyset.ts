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
export function newestFirst(columns: { createdAt: PgColumn; id: PgColumn }): SQL[] {
  return [sql`${columns.createdAt} desc nulls last`, sql`${columns.id} desc nulls last`];
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
