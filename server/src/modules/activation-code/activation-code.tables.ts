import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    index('activation_codes_status_idx').on(table.status),
    // The organizers' list: newest first, by batch (issue 10).
    index('activation_codes_created_idx').on(table.createdAt, table.id),
    index('activation_codes_batch_idx').on(table.batch, table.createdAt),
  ],
);
