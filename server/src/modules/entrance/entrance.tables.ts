import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEVICE_DIRECTIONS, DEVICE_KINDS } from '@portal/shared/entrance/entrance.schema';
import { ADMISSION_CONFLICTS, SCAN_REASONS, TICKET_KINDS } from '@portal/shared/ticket/ticket.schema';

/**
 * Entrance devices registered on /wo/hardware/list. The token itself is shown once; only its SHA-256
 * is kept, and every device call looks that hash up here (a revocation clears it: refused at once on
 * every instance).
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    location: text('location').notNull(),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    /** ENTRY admits; EXIT records exits (the exit-first re-entry policy). */
    direction: text('direction', { enum: DEVICE_DIRECTIONS }).notNull().default('ENTRY'),
    /** Show days it admits on (YYYY-MM-DD); empty: every show day. */
    days: date('days', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    ticketKinds: text('ticket_kinds', { enum: TICKET_KINDS }).array().notNull(),
    tokenHash: text('token_hash'),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    /** The device's clock minus the server's at its last heartbeat. */
    clockOffsetMs: integer('clock_offset_ms'),
    feedVersion: bigint('feed_version', { mode: 'number' }),
    queuedScans: integer('queued_scans'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('devices_token_hash_idx').on(table.tokenHash)],
);

/**
 * Every scan a device sent and the answer it got: the idempotency store (the same scan id from the
 * same device is answered from here) and the source of the per-hour and conflict figures. Admissions
 * themselves are the ticket module's.
 */
export const deviceScans = pgTable(
  'device_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    scanId: text('scan_id').notNull(),
    /** Null when the QR named no ticket. */
    ticketId: uuid('ticket_id'),
    admitted: boolean('admitted').notNull(),
    reason: text('reason', { enum: SCAN_REASONS }).notNull(),
    conflict: text('conflict', { enum: ADMISSION_CONFLICTS }),
    offline: boolean('offline').notNull(),
    /** When it was scanned (for offline scans the device's clock corrected by its offset, or the arrival for one in the future). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The scan answer's JSON text as it was sent, sent again byte for byte for a repeated scan id. */
    answer: text('answer').notNull(),
  },
  (table) => [
    uniqueIndex('device_scans_scan_idx').on(table.deviceId, table.scanId),
    index('device_scans_device_time_idx').on(table.deviceId, table.scannedAt),
    index('device_scans_device_ticket_idx').on(table.deviceId, table.ticketId),
  ],
);
