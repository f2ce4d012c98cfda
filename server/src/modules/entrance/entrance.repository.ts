import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { TicketKind } from '@portal/shared/ticket/ticket.schema';
import { SHOW_TIME_ZONE } from '@portal/shared/dates';
import type { TDeviceInput } from '@portal/shared/entrance/entrance.schema';
import type { Executor } from '../../db/client';
import type { RecordedScan } from '../ticket/ticket.models';
import type { NewDeviceScan } from './entrance.models';
import { devices, deviceScans } from './entrance.tables';

// A literal, not a parameter: GROUP BY must see the same expression as the SELECT list.
const SHOW_ZONE = sql.raw(`'${SHOW_TIME_ZONE}'`);

export function listDevices(db: Executor) {
  return db.select().from(devices).orderBy(asc(devices.name));
}

export async function lockDevice(tx: Executor, id: string) {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
  return row;
}

export async function insertDevice(tx: Executor, input: TDeviceInput) {
  const [row] = await tx.insert(devices).values(input).returning();
  if (!row) throw new Error('insert into devices returned no row');
  return row;
}

export async function updateDevice(tx: Executor, id: string, values: Partial<TDeviceInput> & { tokenHash?: string | null; tokenIssuedAt?: Date | null }) {
  const [row] = await tx
    .update(devices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(devices.id, id))
    .returning();
  return row;
}

/** The device a token names (the unique index on the hash makes this one index probe). */
export async function findDeviceByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: devices.id, name: devices.name, days: devices.days, ticketKinds: devices.ticketKinds, direction: devices.direction })
    .from(devices)
    .where(eq(devices.tokenHash, tokenHash));
  return row;
}

export function recordHeartbeat(db: Executor, id: string, values: { at: Date; clockOffsetMs: number; feedVersion?: number; queuedScans?: number }) {
  return db
    .update(devices)
    .set({ lastHeartbeatAt: values.at, clockOffsetMs: values.clockOffsetMs, feedVersion: values.feedVersion, queuedScans: values.queuedScans })
    .where(eq(devices.id, id));
}

/** The device's clock minus the server's at its last heartbeat (null: none yet). */
export async function clockOffsetOf(db: Executor, id: string) {
  const [row] = await db.select({ clockOffsetMs: devices.clockOffsetMs }).from(devices).where(eq(devices.id, id));
  return row?.clockOffsetMs ?? null;
}

export async function findScanAnswer(db: Executor, deviceId: string, scanId: string) {
  const [row] = await db
    .select({ answer: deviceScans.answer })
    .from(deviceScans)
    .where(and(eq(deviceScans.deviceId, deviceId), eq(deviceScans.scanId, scanId)));
  return row?.answer;
}

export async function insertScan(tx: Executor, scan: NewDeviceScan) {
  await tx.insert(deviceScans).values(scan);
}

/**
 * The log row of an admitting scan, as the part of the ticket module's statement that records the admission
 * (selected from that admission's row; returns the answer's text as stored).
 */
export function scanLogOfAdmission(scan: { deviceId: string; scanId: string; offline: boolean }, recorded: RecordedScan) {
  return sql`
    insert into device_scans (device_id, scan_id, ticket_id, admitted, reason, conflict, offline, scanned_at, answer)
    select ${scan.deviceId}::uuid, ${scan.scanId}::text, ${recorded.ticketId}::uuid, true, ${recorded.reason}, ${recorded.conflict},
           ${scan.offline}::boolean, ${recorded.at.toISOString()}::timestamptz, ${recorded.answer}
    from ${recorded.source}
    returning answer`;
}

export async function hasScannedTicket(db: Executor, deviceId: string, ticketId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(deviceScans)
    .where(and(eq(deviceScans.deviceId, deviceId), eq(deviceScans.ticketId, ticketId)))
    .limit(1);
  return row !== undefined;
}

/** The devices' scans between two instants per Beijing hour, admitted and denied. */
export function scansByHour(db: Executor, deviceIds: readonly string[], from: Date, until: Date) {
  const hour = sql<number>`extract(hour from ${deviceScans.scannedAt} at time zone ${SHOW_ZONE})::int`;
  return db
    .select({
      deviceId: deviceScans.deviceId,
      hour,
      admitted: sql<number>`(count(*) filter (where ${deviceScans.admitted}))::int`,
      denied: sql<number>`(count(*) filter (where not ${deviceScans.admitted}))::int`,
      conflicts: sql<number>`(count(*) filter (where ${isNotNull(deviceScans.conflict)}))::int`,
    })
    .from(deviceScans)
    .where(and(inArray(deviceScans.deviceId, [...deviceIds]), gte(deviceScans.scannedAt, from), lt(deviceScans.scannedAt, until)))
    .groupBy(deviceScans.deviceId, hour)
    .orderBy(hour);
}

/** A device's latest scans, newest first, with the scanned ticket's kind (the log on /wo/hardware/list). */
export function recentScans(db: Executor, deviceId: string, limit: number) {
  return db
    .select({
      id: deviceScans.id,
      scannedAt: deviceScans.scannedAt,
      admitted: deviceScans.admitted,
      reason: deviceScans.reason,
      conflict: deviceScans.conflict,
      offline: deviceScans.offline,
      // The kind as the answer named it (the ledger is the ticket module's).
      ticketKind: sql<TicketKind | null>`(${deviceScans.answer}::json -> 'ticket' ->> 'kind')`,
      // The holder chose the counter check (decision 0209), as the answer told the gate.
      counterCheck: sql<boolean>`coalesce((${deviceScans.answer}::json -> 'ticket' ->> 'counterCheck')::boolean, false)`,
    })
    .from(deviceScans)
    .where(eq(deviceScans.deviceId, deviceId))
    .orderBy(desc(deviceScans.scannedAt), desc(deviceScans.id))
    .limit(limit);
}

/**
 * Every device with its scans between `from` and `to` summed (the entrance room): the last scan, the exits, and
 * the scans and refusals since `recentFrom` — per device through `device_scans_device_time_idx`.
 */
export function devicesWithScansBetween(db: Executor, from: Date, to: Date, recentFrom: Date) {
  const scans = db
    .select({
      lastScanAt: sql<string | null>`max(${deviceScans.scannedAt})`.as('last_scan_at'),
      exits: sql<number>`(count(*) filter (where ${deviceScans.reason} = 'EXIT'))::int`.as('exits'),
      recentScans: sql<number>`(count(*) filter (where ${deviceScans.scannedAt} >= ${recentFrom.toISOString()}::timestamptz))::int`.as('recent_scans'),
      recentRefused: sql<number>`(count(*) filter (where ${deviceScans.scannedAt} >= ${recentFrom.toISOString()}::timestamptz and not ${deviceScans.admitted}))::int`.as('recent_refused'),
    })
    .from(deviceScans)
    .where(and(eq(deviceScans.deviceId, devices.id), gte(deviceScans.scannedAt, from), lt(deviceScans.scannedAt, to)))
    .as('scans');
  return db
    .select({
      id: devices.id,
      name: devices.name,
      direction: devices.direction,
      days: devices.days,
      hasToken: sql<boolean>`${devices.tokenHash} is not null`,
      lastHeartbeatAt: devices.lastHeartbeatAt,
      clockOffsetMs: devices.clockOffsetMs,
      lastScanAt: scans.lastScanAt,
      exits: scans.exits,
      recentScans: scans.recentScans,
      recentRefused: scans.recentRefused,
    })
    .from(devices)
    .leftJoinLateral(scans, sql`true`)
    .orderBy(asc(devices.name));
}
