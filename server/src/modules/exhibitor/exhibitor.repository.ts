import { eq } from 'drizzle-orm';
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
