import { and, eq, sql } from 'drizzle-orm';
import { shanghaiDate } from '@portal/shared/dates';
import { regionOfId } from '@portal/shared/entrance-room/entrance-room';
import type { Database, Executor } from '../db/client';
import type { TicketService } from '../modules/ticket/ticket.service';
import { audiences, badges, showDays, tickets } from '../db/schema/index';

/** The import batch of the bulk tickets (the ticket list's filter finds them by it). */
export const BULK_TICKET_BATCH = 'bench-bulk';

/**
 * The id of bulk ticket `serial` (1, 2, …): fixed, so that the benchmark can sign their QR codes
 * (kind C, `id` = the ticket's own id) without reading the database.
 */
export function bulkTicketId(serial: number): string {
  return `00000000-0000-4000-8000-${serial.toString(16).padStart(12, '0')}`;
}

/**
 * Today (Beijing) as a show day too, open for registration until it ends: the demo show starts a
 * month later, and a gate admits nobody on a day that is not a show day. For the gate benchmark and
 * the entrance journey (DEMO_GATE_DAY_TODAY), written directly: the settings' span rule would refuse it.
 */
export async function openGateDayToday(db: Database, now: Date): Promise<string> {
  const today = shanghaiDate(now);
  await db
    .insert(showDays)
    .values({ day: today, capacity: 1_000_000, deadline: new Date(`${today}T23:59:59+08:00`) })
    .onConflictDoNothing();
  return today;
}

/**
 * Made-up imported tickets in bulk for the gate benchmark: one INSERT … SELECT
 * generate_series, every ticket valid today (Beijing; `openGateDayToday` makes it a show day),
 * then VACUUM ANALYZE of the table. Returns the number of bulk tickets.
 */
export async function fillBulkTickets(db: Database, count: number, now: Date): Promise<number> {
  if (count <= 0) return 0;
  const today = shanghaiDate(now);
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into tickets (id, kind, subject_id, holder_name, organization, days, holder_approved, external_code, import_batch)
      select ids.id, 'IMPORTED', ids.id,
             (array['王','李','张','刘','陈','杨','黄','赵'])[1 + g % 8] || (array['伟','芳','娜','敏','静','磊','强','军','洋'])[1 + g % 9],
             'Bench Company ' || (g % 500), array[${today}::date], true, 'BENCH-' || lpad(g::text, 7, '0'), ${BULK_TICKET_BATCH}
      from generate_series(1, ${count}::int) as g
      cross join lateral (select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid as id) as ids
      on conflict do nothing
    `);
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(tickets).where(eq(tickets.importBatch, BULK_TICKET_BATCH));
    return Number(row?.n ?? 0);
  });
  // As autovacuum would after a load this size (the other bulk fills do the same): fresh statistics
  // for the ticket filter's and the gate's plans, and a visibility map. VACUUM cannot run inside a transaction.
  await db.execute(sql`vacuum analyze tickets`);
  return added;
}

/**
 * The gate's ledger for rows the bulk fills wrote directly: every approved application and approved
 * badge that has no ticket yet gets one, through `TicketService.syncHolders` as a review would issue it.
 */
export async function issueTicketsForApproved(tx: Executor, ticketService: Pick<TicketService, 'syncHolders'>) {
  const visitors = await tx
    .select({
      id: audiences.id,
      name: audiences.name,
      entryPhotoId: audiences.entryPhotoId,
      idPhotoId: audiences.idPhotoId,
      idType: audiences.idType,
      idNumber: audiences.idNumber,
      counterCheck: audiences.counterCheck,
      days: sql<string[]>`coalesce((select array_agg(v.day::text order by v.day) from audience_visit_dates v where v.audience_id = ${audiences.id}), '{}'::text[])`,
    })
    .from(audiences)
    .where(and(eq(audiences.approveStatus, 'DONE'), sql`not exists (select 1 from tickets t where t.kind = 'VISITOR' and t.subject_id = ${audiences.id})`));
  const staff = await tx
    .select({ id: badges.id, name: badges.name, organization: badges.companyNameZh, entryPhotoId: badges.entryPhotoId, idPhotoId: badges.idPhotoId, idType: badges.idType, idNumber: badges.idNumber, country: badges.country, counterCheck: badges.counterCheck })
    .from(badges)
    .where(and(eq(badges.status, 'APPROVED'), sql`not exists (select 1 from tickets t where t.kind = 'BADGE' and t.subject_id = ${badges.id})`));
  await ticketService.syncHolders(tx, [
    ...visitors.map(({ id, name, idType, idNumber, ...row }) => ({ ...row, kind: 'VISITOR' as const, subjectId: id, holderName: name ?? '', organization: null, approved: true, region: regionOfId(idType, idNumber) })),
    ...staff.map(({ id, name, idType, idNumber, country, ...row }) => ({ ...row, kind: 'BADGE' as const, subjectId: id, holderName: name, days: [], approved: true, region: regionOfId(idType, idNumber, country) })),
  ]);
}
