import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OutgoingMessage } from './message-channel';

export const NOTICE_STATUSES = ['PENDING', 'SENT', 'DEAD'] as const;

/**
 * The transactional outbox of notices (email, SMS): a decision writes its notices in its own
 * transaction, a worker delivers them with retries and back-off and marks them sent. One row per
 * decision and channel (`dedupeKey`), so that a decision is announced once however often it is retried.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    message: jsonb('message').$type<OutgoingMessage>().notNull(),
    status: text('status', { enum: NOTICE_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While set in the future, one worker is delivering the notice; others leave it alone. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notices_due_idx').on(table.status, table.nextAttemptAt)],
);
