import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const ACTIVATION_CODE_STATUSES = ['UNUSED', 'BOUND', 'VOID'] as const;

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
  (table) => [index('activation_codes_status_idx').on(table.status)],
);
