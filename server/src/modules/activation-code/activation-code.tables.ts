import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ACTIVATION_CODE_STATUSES } from '@portal/shared/activation-code/activation-code.schema';

/** Codes printed on physical VIP tickets (CDK): each binds to one application. */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    status: text('status', { enum: ACTIVATION_CODE_STATUSES }).notNull().default('UNUSED'),
    batch: text('batch'),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The organizers' list, newest first as lib/keyset.ts's `newestFirst` orders it, so that a
    // page walks one of these (forwards, or backwards for a page read from the end) instead of sorting:
    // every code, a state, a batch, a batch and a state. A generated batch shares one creation instant,
    // so the id must be in each index too.
    index('activation_codes_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('activation_codes_status_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    index('activation_codes_batch_idx').on(table.batch, table.createdAt.desc(), table.id.desc()),
    index('activation_codes_batch_status_idx').on(table.batch, table.status, table.createdAt.desc(), table.id.desc()),
    // The keyword as a code prefix (`like 'ABCD%'`): the unique index's collation (C.UTF-8 on PostgreSQL) cannot
    // serve LIKE. With the batch and the state, a filtered count reads this index alone (after a vacuum).
    index('activation_codes_code_prefix_idx').on(table.code.op('text_pattern_ops'), table.batch, table.status),
  ],
);

/**
 * The list's exact counts per batch (null: codes without one) and state: insert-only changes written by
 * triggers on `activation_codes` in the transaction of every change (drizzle/0023), summed when the list
 * or the batches are read and folded into one row per key from time to time. Insert-only, so that
 * concurrent bindings, releases and voids never wait on a counter row. `firstCreatedAt`: the earliest
 * creation among the codes a change inserted (the batch's date); null for other changes.
 */
export const activationCodeCountDeltas = pgTable(
  'activation_code_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batch: text('batch'),
    status: text('status', { enum: ACTIVATION_CODE_STATUSES }).notNull(),
    firstCreatedAt: timestamp('first_created_at', { withTimezone: true }),
    delta: integer('delta').notNull(),
  },
  (table) => [index('activation_code_count_deltas_key_idx').on(table.batch, table.status)],
);

/**
 * The codes' counts per batch, state and first character (drizzle/0026): insert-only changes written by the
 * same statements' triggers, so that a one-character keyword (a code prefix, as the list's keyword box is
 * most often used) counts its matches exactly without reading them. Folded like activationCodeCountDeltas.
 */
export const activationCodeLeadCountDeltas = pgTable(
  'activation_code_lead_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lead: text('lead').notNull(),
    batch: text('batch'),
    status: text('status', { enum: ACTIVATION_CODE_STATUSES }).notNull(),
    delta: integer('delta').notNull(),
  },
  (table) => [index('activation_code_lead_count_deltas_key_idx').on(table.lead, table.batch, table.status)],
);
