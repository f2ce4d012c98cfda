import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exhibitors } from './exhibitor.tables';

/** How many companies are in each state. */
export function countExhibitorsByStatus(db: Executor) {
  return db.select({ status: exhibitors.status, count: sql<number>`count(*)::int` }).from(exhibitors).groupBy(exhibitors.status);
}
