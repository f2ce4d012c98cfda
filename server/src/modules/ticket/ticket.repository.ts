import { and, arrayContains, desc, eq, getTableColumns, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TicketGateRule } from '@portal/shared/ticket/gate-rules.schema';
import type { AdmissionConflict, TicketKind } from '@portal/shared/ticket/ticket.schema';
import type { Database, Executor } from '../../db/client';
import type { ScanAnswerParts, ScanLogInsert, TicketHolder } from './ticket.models';
import { admissions, ticketAdmissionFacts, ticketExits, tickets } from './ticket.tables';

/**
 * The lock every ticket write takes shared (trigger `tickets_feed_version`, migration 0015) and the
 * feed takes exclusively for an instant: once it holds it, every version handed out so far has
 * committed, so a device asking `since` that version misses nothing.
 */
const FEED_LOCK_KEY = 1_953_063_787;

/** A visitor's entries at the gate, newest first (through the ticket of their application). */
export function admissionsOf(db: Executor, audienceId: string) {
  return db
    .select(getTableColumns(admissions))
    .from(admissions)
    .innerJoin(tickets, eq(tickets.id, admissions.ticketId))
    .where(and(eq(tickets.kind, 'VISITOR'), eq(tickets.subjectId, audienceId)))
    .orderBy(desc(admissions.at));
}

export function holderNamesByIds(db: Executor, ids: readonly string[]) {
  return ids.length ? db.select({ id: tickets.id, holderName: tickets.holderName }).from(tickets).where(inArray(tickets.id, [...ids])) : Promise.resolve([]);
}

export async function findTicket(db: Executor, kind: TicketKind, subjectId: string) {
  const [row] = await db.select().from(tickets).where(and(eq(tickets.kind, kind), eq(tickets.subjectId, subjectId)));
  return row;
}

export async function findTicketById(db: Executor, id: string) {
  const [row] = await db.select({ kind: tickets.kind, subjectId: tickets.subjectId, days: tickets.days }).from(tickets).where(eq(tickets.id, id));
  return row;
}

/** What a scan reads of its ticket: the decision's state and the answer's holder. */
const SCANNED_COLUMNS = {
  id: tickets.id,
  kind: tickets.kind,
  subjectId: tickets.subjectId,
  holderName: tickets.holderName,
  organization: tickets.organization,
  days: tickets.days,
  holderApproved: tickets.holderApproved,
  erasedAt: tickets.erasedAt,
  revokedAt: tickets.revokedAt,
  entryPhotoId: tickets.entryPhotoId,
  counterCheck: tickets.counterCheck,
  updatedAt: tickets.updatedAt,
  qrSecret: tickets.qrSecret,
};

/**
 * The ticket row locked until the caller's transaction ends: scans of one ticket decide one after another.
 * `isShowDay` and `gateRule` (the show module's, over the ticket's kind) are answered in the same statement:
 * one round trip for all.
 */
export async function lockTicket(tx: Executor, kind: TicketKind, subjectId: string, isShowDay: SQL<boolean>, gateRule: (kind: SQL) => SQL<TicketGateRule | null>) {
  const [row] = await tx
    .select({ ...SCANNED_COLUMNS, showDay: isShowDay, gateRule: gateRule(sql`${tickets.kind}`) })
    .from(tickets)
    .where(and(eq(tickets.kind, kind), eq(tickets.subjectId, subjectId)))
    .for('update', { of: tickets });
  return row;
}

/** The holder's fields as the ledger keeps them (the trigger bumps `version` and `updated_at`). */
function holderColumns(holder: TicketHolder) {
  return {
    holderName: holder.holderName,
    organization: holder.organization,
    days: [...holder.days],
    holderApproved: holder.approved,
    entryPhotoId: holder.entryPhotoId,
    idPhotoId: holder.idPhotoId,
    holderRegion: holder.region,
    counterCheck: holder.counterCheck,
  };
}

/** Only a real change is written: a write moves the ticket into every device's next feed. */
const holderDiffers = sql`(${tickets.holderName}, ${tickets.organization}, ${tickets.days}, ${tickets.holderApproved}, ${tickets.entryPhotoId}, ${tickets.idPhotoId}, ${tickets.holderRegion}, ${tickets.counterCheck})
    is distinct from (excluded.holder_name, excluded.organization, excluded.days, excluded.holder_approved, excluded.entry_photo_id, excluded.id_photo_id, excluded.holder_region, excluded.counter_check)`;
const fromExcluded = {
  holderName: sql`excluded.holder_name`,
  organization: sql`excluded.organization`,
  days: sql`excluded.days`,
  holderApproved: sql`excluded.holder_approved`,
  entryPhotoId: sql`excluded.entry_photo_id`,
  idPhotoId: sql`excluded.id_photo_id`,
  holderRegion: sql`excluded.holder_region`,
  counterCheck: sql`excluded.counter_check`,
};
/** Rows per statement: nine parameters each, well under PostgreSQL's 65,535. */
const UPSERT_BATCH = 1_000;

/** Approved holders (distinct): each ticket is created the first time, else brought up to date. */
export async function upsertHolders(tx: Executor, holders: readonly TicketHolder[]) {
  for (let start = 0; start < holders.length; start += UPSERT_BATCH) {
    await tx
      .insert(tickets)
      .values(holders.slice(start, start + UPSERT_BATCH).map((holder) => ({ kind: holder.kind, subjectId: holder.subjectId, ...holderColumns(holder) })))
      .onConflictDoUpdate({ target: [tickets.kind, tickets.subjectId], set: fromExcluded, setWhere: holderDiffers });
  }
}

const changedFrom = (holder: TicketHolder) =>
  sql`(${tickets.holderName}, ${tickets.organization}, ${tickets.days}, ${tickets.holderApproved}, ${tickets.entryPhotoId}, ${tickets.idPhotoId}, ${tickets.holderRegion}, ${tickets.counterCheck})
    is distinct from (${holder.holderName}::text, ${holder.organization}::text, ${`{${holder.days.join(',')}}`}::date[], ${holder.approved}::boolean, ${holder.entryPhotoId}::uuid, ${holder.idPhotoId}::uuid, ${holder.region}::text, ${holder.counterCheck}::boolean)`;

/** A holder not approved (now): its ticket, if it ever had one, is brought up to date; none is created. */
export async function updateHolder(tx: Executor, holder: TicketHolder) {
  await tx
    .update(tickets)
    .set(holderColumns(holder))
    .where(and(eq(tickets.kind, holder.kind), eq(tickets.subjectId, holder.subjectId), changedFrom(holder)));
}

/** The holders are gone (PIPL erasure, a withdrawn application, a deleted badge): the rows stay anonymous. */
export async function eraseHolders(tx: Executor, kind: TicketKind, subjectIds: readonly string[]) {
  if (subjectIds.length === 0) return;
  await tx
    .update(tickets)
    .set({ holderName: '', organization: null, entryPhotoId: null, idPhotoId: null, holderRegion: null, holderApproved: false, erasedAt: sql`now()` })
    .where(and(eq(tickets.kind, kind), inArray(tickets.subjectId, [...subjectIds]), isNull(tickets.erasedAt)));
}

export interface AdmissionInput {
  ticketId: string;
  day: string;
  at: Date;
  deviceId: string;
  gate: string;
  scanId: string;
  offline: boolean;
  /** A conflict known before the day's record is read (NOT_VALID_AT_SCAN). */
  conflict: AdmissionConflict | null;
}

/**
 * Records an admission under the ticket's row lock, in one statement: the day's count decides entry
 * or re-entry (sequence n); an offline scan from a device that had not admitted the ticket that day,
 * while another device had already recorded its entry, is marked DUPLICATE_ENTRY. Undefined when the
 * device's scan id was already recorded (the caller answers from that record).
 */
export async function recordAdmission(tx: Executor, input: AdmissionInput) {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const result = (await tx.execute(admissionInsert(input))) as unknown as { rows: Array<{ sequence: number; conflict: AdmissionConflict | null }> };
  return result.rows[0];
}

/**
 * The same insert and, in the same statement, `log`'s insert of the scan's log row over the admission it
 * recorded, with the answer's text assembled from `parts` and the recorded sequence and conflict: the admission
 * and the scan's log in one round trip. Undefined when the scan id was already recorded (nothing is logged then).
 */
export async function recordAdmissionWith(tx: Executor, input: AdmissionInput, parts: ScanAnswerParts, log: ScanLogInsert) {
  const source = sql.raw('recorded');
  const reason = parts.fixedReason === null ? sql`(case when ${source}.sequence > 1 then 'RE_ENTRY' else 'ENTRY' end)` : sql`${parts.fixedReason}::text`;
  const answer = sql`(${parts.beforeReason}::text || to_json(${reason})::text || ${parts.beforeEntries}::text || ${source}.sequence::text
    || ${parts.beforeConflict}::text || coalesce(to_json(${source}.conflict)::text, 'null') || ${parts.end}::text)`;
  const logInsert = log({ source, ticketId: input.ticketId, at: input.at, reason, conflict: sql`${source}.conflict`, answer });
  const result = (await tx.execute(sql`
    with recorded as (${admissionInsert(input)}), logged as (${logInsert})
    select recorded.sequence, recorded.conflict, logged.answer from recorded, logged`)) as unknown as {
    rows: Array<{ sequence: number; conflict: AdmissionConflict | null; answer: string }>;
  };
  return result.rows[0];
}

function admissionInsert(input: AdmissionInput) {
  return sql`
    insert into admissions (ticket_id, day, at, device_id, gate, scan_id, offline, re_entry, sequence, conflict)
    select ${input.ticketId}::uuid, ${input.day}::date, ${input.at.toISOString()}::timestamptz, ${input.deviceId}::uuid, ${input.gate},
           ${input.scanId}, ${input.offline}::boolean, count(*) > 0, count(*) + 1,
           coalesce(${input.conflict}::text,
                    case when ${input.offline}::boolean and count(*) > 0 and not coalesce(bool_or(device_id = ${input.deviceId}::uuid), false)
                         then 'DUPLICATE_ENTRY' end)
    from admissions where ticket_id = ${input.ticketId}::uuid and day = ${input.day}::date
    on conflict (device_id, scan_id) do nothing
    returning sequence, conflict`;
}

/**
 * The ticket's last admission and last exit, read in a statement of its own after the row lock was taken
 * (a statement's snapshot is taken before it waits for a lock: read in the locking statement, a concurrent
 * scan's admission that committed meanwhile would be missed).
 */
export async function lastMovements(tx: Executor, ticketId: string) {
  const result = (await tx.execute(sql`
    select (select ${ticketAdmissionFacts.lastAdmittedAt} from ${ticketAdmissionFacts} where ${ticketAdmissionFacts.ticketId} = ${ticketId}::uuid) as "lastAdmittedAt",
           (select ${ticketExits.lastExitAt} from ${ticketExits} where ${ticketExits.ticketId} = ${ticketId}::uuid) as "lastExitAt"`)) as unknown as {
    rows: Array<{ lastAdmittedAt: string | Date | null; lastExitAt: string | Date | null }>;
  };
  const row = result.rows[0];
  const instant = (value: string | Date | null | undefined) => (value == null ? null : new Date(value));
  return { lastAdmittedAt: instant(row?.lastAdmittedAt), lastExitAt: instant(row?.lastExitAt) };
}

/** An exit device's scan, under the ticket's row lock: the latest exit is kept. */
export async function recordExit(tx: Executor, ticketId: string, at: Date) {
  await tx
    .insert(ticketExits)
    .values({ ticketId, lastExitAt: at })
    .onConflictDoUpdate({ target: ticketExits.ticketId, set: { lastExitAt: sql`greatest(${ticketExits.lastExitAt}, excluded.last_exit_at)` } });
}

/**
 * Moves every ticket of the kinds into the devices' next feed (the row trigger takes the next version): a
 * kind that starts or stops rotating changes what the feed carries of each of its tickets.
 */
export async function touchKinds(tx: Executor, kinds: readonly TicketKind[]) {
  if (kinds.length) await tx.update(tickets).set({ qrSecret: sql`${tickets.qrSecret}` }).where(inArray(tickets.kind, [...kinds]));
}

export async function findAdmissionByScan(db: Executor, deviceId: string, scanId: string) {
  const [row] = await db.select().from(admissions).where(and(eq(admissions.deviceId, deviceId), eq(admissions.scanId, scanId)));
  return row;
}

/** The ticket's recorded admissions on a day. */
export async function countAdmissions(db: Executor, ticketId: string, day: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(admissions)
    .where(and(eq(admissions.ticketId, ticketId), eq(admissions.day, day)));
  return row?.count ?? 0;
}

/** A version below which every ticket change has committed (see FEED_LOCK_KEY). */
export function feedWatermark(db: Database) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEED_LOCK_KEY})`);
    const [row] = await tx.select({ version: sql<string | null>`max(${tickets.version})` }).from(tickets);
    return Number(row?.version ?? 0);
  });
}

/** Today's admitting tickets of the given kinds, for a full feed (one query, three columns). */
export function admittingTickets(db: Executor, input: { kinds: readonly TicketKind[]; day: string; upTo: number }) {
  return db
    .select({ kind: tickets.kind, subjectId: tickets.subjectId, id: tickets.id, qrSecret: tickets.qrSecret, counterCheck: tickets.counterCheck })
    .from(tickets)
    .where(
      and(
        inArray(tickets.kind, [...input.kinds]),
        eq(tickets.holderApproved, true),
        isNull(tickets.erasedAt),
        isNull(tickets.revokedAt),
        or(eq(sql`cardinality(${tickets.days})`, 0), arrayContains(tickets.days, [input.day])),
        lte(tickets.version, input.upTo),
      ),
    );
}

/** Every ticket of the given kinds changed in (since, upTo], with what its state for a day depends on. */
export function changedTickets(db: Executor, input: { kinds: readonly TicketKind[]; since: number; upTo: number }) {
  return db
    .select({
      kind: tickets.kind,
      subjectId: tickets.subjectId,
      id: tickets.id,
      days: tickets.days,
      holderApproved: tickets.holderApproved,
      erasedAt: tickets.erasedAt,
      revokedAt: tickets.revokedAt,
      qrSecret: tickets.qrSecret,
      counterCheck: tickets.counterCheck,
    })
    .from(tickets)
    .where(and(inArray(tickets.kind, [...input.kinds]), gt(tickets.version, input.since), lte(tickets.version, input.upTo)));
}

/** The holder's entry-card photo for a gate's face comparison: none once erased, none for the counter check (decision 0209). */
export async function entryPhotoIdOf(db: Executor, ticketId: string) {
  const [row] = await db
    .select({ photoId: tickets.entryPhotoId })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), isNull(tickets.erasedAt), eq(tickets.counterCheck, false)));
  return row?.photoId ?? null;
}
