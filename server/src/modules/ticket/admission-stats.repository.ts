import { eq, sql } from 'drizzle-orm';
import { SHOW_TIME_ZONE } from '@portal/shared/dates';
import type { Executor } from '../../db/client';

// A literal, not a parameter: GROUP BY must see the same expression as the SELECT list.
const SHOW_ZONE = sql.raw(`'${SHOW_TIME_ZONE}'`);
import { admissions } from './ticket.tables';

/** A show day's admissions per Beijing hour: first entries and re-entries. */
export function admissionsByHour(db: Executor, day: string) {
  const hour = sql<number>`extract(hour from ${admissions.at} at time zone ${SHOW_ZONE})::int`;
  return db
    .select({
      hour,
      entries: sql<number>`(count(*) filter (where not ${admissions.reEntry}))::int`,
      reEntries: sql<number>`(count(*) filter (where ${admissions.reEntry}))::int`,
    })
    .from(admissions)
    .where(eq(admissions.day, day))
    .groupBy(hour)
    .orderBy(hour);
}

/** A show day's admissions per gate (null: the gate was not recorded). */
export function admissionsByGate(db: Executor, day: string) {
  return db
    .select({ gate: admissions.gate, count: sql<number>`count(*)::int` })
    .from(admissions)
    .where(eq(admissions.day, day))
    .groupBy(admissions.gate)
    .orderBy(admissions.gate);
}
