import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exhibitors } from './exhibitor.tables';
import type { NewExhibitor } from './exhibitor.models';

export function findExhibitorById(db: Executor, id: string) {
  return db.query.exhibitors.findFirst({ where: eq(exhibitors.id, id) });
}

export async function insertExhibitor(db: Executor, values: NewExhibitor) {
  const [row] = await db.insert(exhibitors).values(values).returning();
  if (!row) throw new Error('insert into exhibitors returned no row');
  return row;
}

/** Every company's id and names, by Chinese name (about 1,000 at a large show): the organizers' filter options. */
export function listExhibitorNames(db: Executor) {
  return db.select({ id: exhibitors.id, nameZh: exhibitors.nameZh, nameEn: exhibitors.nameEn }).from(exhibitors).orderBy(asc(exhibitors.nameZh));
}

/** Locks the company's row until the transaction ends (rules that count its records decide under it). */
export async function lockExhibitor(tx: Executor, id: string) {
  const [row] = await tx.select().from(exhibitors).where(eq(exhibitors.id, id)).for('update');
  return row;
}

export function findExhibitorsByIds(db: Executor, ids: readonly string[]) {
  return ids.length ? db.select().from(exhibitors).where(inArray(exhibitors.id, [...ids])) : Promise.resolve([]);
}
