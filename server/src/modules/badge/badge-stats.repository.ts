import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { badges } from './badge.tables';

/** How many badges are in each state. */
export function countBadgesByStatus(db: Executor) {
  return db.select({ status: badges.status, count: sql<number>`count(*)::int` }).from(badges).groupBy(badges.status);
}
