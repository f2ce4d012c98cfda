import { eq, sql } from 'drizzle-orm';
import { SHOW_TIME_ZONE } from '@portal/shared/dates';
import type { RunningPortal } from '../bootstrap';
import { issueTicketsForApproved } from './bulk-tickets';
import { showDays, tickets } from '../db/schema/index';

const GATES = ['East gate 1', 'East gate 2', 'East gate 3', 'West gate 1', 'West gate 2', 'North gate', 'South gate 1', 'South gate 2'];
const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/**
 * Made-up gate records in bulk, for the dashboard benchmark (1,000,000 rows in seconds): first the
 * ledger's tickets of every approved application that has none (its visit days), then `count`
 * admissions in one INSERT … SELECT generate_series, round-robin over those tickets and the show days:
 * each ticket's first scan of a day is the entry, later rounds are re-entries; scans between 08:30
 * and 17:30 Beijing time, more of them in the morning, over eight gates. Returns the number added.
 */
export async function fillBulkAdmissions(portal: Pick<RunningPortal, 'app' | 'database'>, count: number): Promise<number> {
  if (count <= 0) return 0;
  const { db } = portal.database;
  const zone = sql.raw(`'${SHOW_TIME_ZONE}'`);
  const added = await db.transaction(async (tx) => {
    await issueTicketsForApproved(tx, portal.app.services.tickets);
    const [holders] = await tx.select({ n: sql<number>`count(*)::int` }).from(tickets).where(eq(tickets.kind, 'VISITOR'));
    const [days] = await tx.select({ n: sql<number>`count(*)::int` }).from(showDays);
    if (!holders?.n || !days?.n) return 0;
    await tx.execute(sql`
      with holders as materialized (
        select id, row_number() over (order by id) as n from tickets where kind = 'VISITOR'
      ),
      sizes as (
        select (select count(*) from holders)::int as holders,
               (select coalesce(array_agg(day order by day), '{}'::date[]) from show_days) as days
      ),
      seq as (
        select g, 1 + g % sizes.holders as n, g / sizes.holders as round, random() as r_at, random() as r_gate,
               sizes.days, cardinality(sizes.days) as day_count
        from sizes cross join generate_series(0, ${count - 1}::int) as g
      )
      insert into admissions (ticket_id, day, at, gate, re_entry, sequence, scan_id)
      select h.id, s.days[1 + s.round % s.day_count],
             (s.days[1 + s.round % s.day_count] + time '08:30' + power(s.r_at, 1.6) * interval '9 hours') at time zone ${zone},
             (${textArray(GATES)})[1 + floor(s.r_gate * ${GATES.length}::int)::int],
             s.round >= s.day_count, 1 + s.round / s.day_count, 'bulk-' || s.g
      from seq s join holders h on h.n = s.n
    `);
    return count;
  });
  // As autovacuum would after a load this size: fresh statistics and a visibility map for index-only reads.
  await db.execute(sql`vacuum analyze tickets`);
  await db.execute(sql`vacuum analyze admissions`);
  return added;
}
