import { asc, eq } from 'drizzle-orm';
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
