import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Short-lived state (sessions, captcha use, throttles, codes) when Redis is not configured. */
export const kvEntries = pgTable(
  'kv_entries',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('kv_entries_expires_idx').on(table.expiresAt)],
);

/** Who did what to which record: sign-ins, views and exports of personal data, state changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    ip: text('ip'),
    requestId: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [index('audit_log_subject_idx').on(table.subjectType, table.subjectId), index('audit_log_at_idx').on(table.at)],
);

/** Mail and SMS the dev outbox delivered (and, in tests, what they read codes from). */
export const outboxMessages = pgTable('outbox_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
});
