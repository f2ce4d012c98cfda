import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const APPROVE_STATUSES = ['CREATED', 'WAIT', 'DONE', 'REFUSE'] as const;

/** The visitor's application record (SPEC 3: User.audience); the visitor issue adds its fields. */
export const audiences = pgTable('audiences', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  approveStatus: text('approve_status', { enum: APPROVE_STATUSES }).notNull().default('CREATED'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
