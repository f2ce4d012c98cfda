import { and, desc, eq, not, sql } from 'drizzle-orm';
import { SHOW_TIME_ZONE } from '@portal/shared/dates';
import type { Executor } from '../../db/client';

// A literal, not a parameter: GROUP BY must see the same expression as the SELECT list.
const SHOW_ZONE = sql.raw(`'${SHOW_TIME_ZONE}'`);
import { admissions, tickets } from './ticket.tables';

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

/** Minutes since midnight (Beijing) of the admission's bucket of `minutes`. */
function slotOf(minutes: number) {
  const width = sql.raw(String(minutes));
  return sql<number>`(extract(hour from ${admissions.at} at time zone ${SHOW_ZONE})::int * 60 + extract(minute from ${admissions.at} at time zone ${SHOW_ZONE})::int / ${width} * ${width})`;
}

/** A show day's admissions per device, gate name and bucket of `minutes` (the entrance room), through `admissions_day_idx`. */
export function admissionsByGateAndSlot(db: Executor, day: string, minutes: number) {
  const slot = slotOf(minutes);
  return db
    .select({
      deviceId: admissions.deviceId,
      gate: admissions.gate,
      slot,
      entries: sql<number>`(count(*) filter (where not ${admissions.reEntry}))::int`,
      reEntries: sql<number>`(count(*) filter (where ${admissions.reEntry}))::int`,
    })
    .from(admissions)
    .where(eq(admissions.day, day))
    .groupBy(admissions.deviceId, admissions.gate, slot)
    .orderBy(slot, admissions.gate);
}

/** A show day's first entries by the holder's region (the ledger's `holder_region`, no ID number read). */
export function visitorsByRegion(db: Executor, day: string) {
  return db
    .select({ region: tickets.holderRegion, visitors: sql<number>`count(*)::int` })
    .from(admissions)
    .innerJoin(tickets, eq(tickets.id, admissions.ticketId))
    .where(and(eq(admissions.day, day), not(admissions.reEntry)))
    .groupBy(tickets.holderRegion)
    .orderBy(desc(sql`count(*)`), tickets.holderRegion);
}
