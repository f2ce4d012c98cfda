import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, date, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADMISSION_CONFLICTS, TICKET_KINDS } from '@portal/shared/ticket/ticket.schema';
import { accounts } from '../account/account.tables';
import { photos } from '../media/media.tables';

/** A new ticket's QR secret (the column's default, migration 0033). */
const QR_SECRET_DEFAULT = sql`substr(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 1, 40)`;

/** Every change of a ticket takes the next value: the devices' incremental feed reads `version > since`. */
export const ticketFeedVersion = pgSequence('ticket_feed_version');

/**
 * The characters and character pairs of a ticket's searchable text (holder, organization, external code,
 * lowercased), indexed by `tickets_search_grams_idx`: a keyword's own characters and pairs narrow the
 * list's keyword search to candidates, ILIKE decides. `ticket_search_grams` is migration 0020's SQL function.
 */
export function ticketSearchGramsOf(table: { holderName: AnyPgColumn; organization: AnyPgColumn; externalCode: AnyPgColumn }): SQL {
  return sql`ticket_search_grams(lower(${table.holderName} || chr(31) || coalesce(${table.organization}, '') || chr(31) || coalesce(${table.externalCode}, '')))`;
}

/**
 * The gate's ledger: one row per holder. The application and badge modules keep VISITOR and BADGE
 * rows in step inside their own transactions (`TicketService.syncHolder`); the ticket office imports
 * IMPORTED ones. A row is never deleted while admissions hang on it: erasure blanks the holder.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: TICKET_KINDS }).notNull(),
    /** What the QR's `id` names: the application (VISITOR), the badge (BADGE), the ticket itself (IMPORTED). */
    subjectId: uuid('subject_id').notNull(),
    holderName: text('holder_name').notNull(),
    /** The company of a badge or an imported ticket. */
    organization: text('organization'),
    /** The days it admits (YYYY-MM-DD); empty: every show day (badges). */
    days: date('days', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    /** Whether the source admits: an approved application, an approved badge, an imported ticket. */
    holderApproved: boolean('holder_approved').notNull(),
    /** The holder's data is gone (PIPL erasure, a deleted badge); admissions stay anonymous. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    entryPhotoId: uuid('entry_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    idPhotoId: uuid('id_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /**
     * The holder's region, derived from the ID when the holder is synced (`regionOfId`: `CN-<province digits>`
     * or the ID document's kind), so that the entrance room splits the day's visitors without decrypting an
     * ID number (docs/decisions/0540). Names no one; blanked with the holder.
     */
    holderRegion: text('holder_region'),
    /** The holder chose the counter check (decision 0209): the gate compares the ID document in person, no face comparison runs. */
    counterCheck: boolean('counter_check').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: uuid('revoked_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
    faceCheckedAt: timestamp('face_checked_at', { withTimezone: true }),
    faceCheckedById: uuid('face_checked_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** An imported ticket's number in the system that sold or gave it. */
    externalCode: text('external_code').unique(),
    importBatch: text('import_batch'),
    /**
     * The key of its rotating QR's codes (RFC 6238; `shared/src/ticket/rotating-code.ts`): 40 hex digits, made
     * by the database when the row is created from two random UUIDs (about 150 random bits; no extension needed
     * on PGlite). The holder's page and the gates' feed read it, only for a kind that rotates.
     */
    qrSecret: text('qr_secret').notNull().default(QR_SECRET_DEFAULT),
    version: bigint('version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('ticket_feed_version')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tickets_subject_idx').on(table.kind, table.subjectId),
    index('tickets_version_idx').on(table.version),
    index('tickets_list_idx').on(table.createdAt.desc(), table.id.desc()),
    index('tickets_search_grams_idx').using('gin', ticketSearchGramsOf(table)),
  ],
);

/**
 * The number of tickets, kept exactly in the transaction of every change (migration 0021's triggers): each
 * statement that inserts or deletes tickets appends its net change, the list's unfiltered total is their
 * sum. Insert-only, so that concurrent imports and syncs never wait on a counter row; a reader that sums
 * many folds them (`compactTicketCountDeltas`).
 */
export const ticketCountDeltas = pgTable('ticket_count_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  delta: integer('delta').notNull(),
});

/**
 * Entries at the gate. A scan that admits records one row; the day's first is the entry, later ones
 * re-entries. Offline uploads are kept even when they contradict the record (`conflict`).
 */
export const admissions = pgTable(
  'admissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The show day (Asia/Shanghai) of the scan. */
    day: date('day', { mode: 'string' }).notNull(),
    /** When the scan happened (the device's time for offline scans). */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The entrance device (owned by the entrance module); null for the demo seed's records. */
    deviceId: uuid('device_id'),
    /** The device's name at scan time, as the record page and the dashboard show it. */
    gate: text('gate'),
    reEntry: boolean('re_entry').notNull().default(false),
    /** The device's own scan id: uploads are idempotent on (device, scan id). */
    scanId: text('scan_id').notNull(),
    offline: boolean('offline').notNull().default(false),
    conflict: text('conflict', { enum: ADMISSION_CONFLICTS }),
    /** 1 for the day's entry, 2… for re-entries, in recording order. */
    sequence: integer('sequence').notNull().default(1),
  },
  (table) => [
    uniqueIndex('admissions_scan_idx').on(table.deviceId, table.scanId),
    index('admissions_ticket_day_idx').on(table.ticketId, table.day),
    index('admissions_day_idx').on(table.day, table.gate),
  ],
);

/**
 * A ticket's last exit (an exit device's scan): the exit-first re-entry policy admits again only after one.
 * Written under the ticket's row lock by the scan that records it.
 */
export const ticketExits = pgTable('ticket_exits', {
  ticketId: uuid('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  lastExitAt: timestamp('last_exit_at', { withTimezone: true }).notNull(),
});

/**
 * What the ticket list shows and filters on about a ticket's admissions, kept exactly in the transaction of
 * every admission (migration 0022's triggers on `admissions`), so that a list page and its "admitted" filter
 * read one row per admitted ticket instead of its admissions. A ticket never admitted has no row.
 */
export const ticketAdmissionFacts = pgTable('ticket_admission_facts', {
  ticketId: uuid('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  admissionCount: integer('admission_count').notNull(),
  conflictCount: integer('conflict_count').notNull(),
  lastAdmittedAt: timestamp('last_admitted_at', { withTimezone: true }).notNull(),
  /** The show days it was admitted on, ascending. */
  days: date('days', { mode: 'string' }).array().notNull(),
});
