import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { SHOW_TIME_ZONE } from '@portal/shared/dates';
import type { Executor } from '../../db/client';

// A literal, not a parameter: GROUP BY must see the same expression as the SELECT list.
const SHOW_ZONE = sql.raw(`'${SHOW_TIME_ZONE}'`);
import { HOLDING_STATUSES } from './application.repository';
import { audienceStatusHistory, audienceVisitDates, audiences } from './application.tables';

/** How many applications are in each state now. */
export function countByStatus(db: Executor) {
  return db
    .select({ status: audiences.approveStatus, count: sql<number>`count(*)::int` })
    .from(audiences)
    .groupBy(audiences.approveStatus);
}

/** How many submitted applications chose the counter check, per state (read from `audiences_counter_check_idx`). */
export function countCounterCheckByStatus(db: Executor) {
  return db
    .select({ status: audiences.approveStatus, count: sql<number>`count(*)::int` })
    .from(audiences)
    .where(eq(audiences.counterCheck, true))
    .groupBy(audiences.approveStatus);
}

/** Transitions into each state per Beijing calendar day since `from` (submitted = into WAIT). */
export function transitionsByDay(db: Executor, from: Date) {
  const day = sql<string>`to_char(${audienceStatusHistory.at} at time zone ${SHOW_ZONE}, 'YYYY-MM-DD')`;
  return db
    .select({ day, status: audienceStatusHistory.toStatus, count: sql<number>`count(*)::int` })
    .from(audienceStatusHistory)
    .where(gte(audienceStatusHistory.at, from))
    .groupBy(day, audienceStatusHistory.toStatus)
    .orderBy(day);
}

/** Per show day: the applications holding a seat (pending or approved), and the approved ones. */
export function bookingsByDay(db: Executor) {
  return db
    .select({
      day: audienceVisitDates.day,
      held: sql<number>`count(*)::int`,
      approved: sql<number>`(count(*) filter (where ${audiences.approveStatus} = 'DONE'))::int`,
    })
    .from(audienceVisitDates)
    .innerJoin(audiences, eq(audiences.id, audienceVisitDates.audienceId))
    .where(and(inArray(audiences.approveStatus, [...HOLDING_STATUSES])))
    .groupBy(audienceVisitDates.day)
    .orderBy(audienceVisitDates.day);
}
