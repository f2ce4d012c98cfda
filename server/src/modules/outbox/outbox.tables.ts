import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail and SMS the dev outbox delivered (and, in tests, what they read codes from). */
export const outboxMessages = pgTable('outbox_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
});
