import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

/** Mail and SMS the dev outbox delivered (and, in tests, what they read codes from). */
export const outboxMessages = pgTable('outbox_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
});
