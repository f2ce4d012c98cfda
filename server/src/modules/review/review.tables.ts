import { boolean, integer, pgTable, real, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ID_TYPES } from '@portal/shared/application/id-number';
import { accounts } from '../account/account.tables';

/**
 * The audience section's auto-approval rules, in the order they are tried (docs/decisions/0310-auto-approval-rules.md).
 * Saved as a whole list; an application's history keeps the name of the rule that approved it.
 */
export const autoApprovalRules = pgTable('auto_approval_rules', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull(),
  codeBatches: text('code_batches').array().notNull(),
  channelIds: uuid('channel_ids').array().notNull(),
  idTypes: text('id_types', { enum: ID_TYPES }).array().notNull(),
  minFaceScore: real('min_face_score'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedById: uuid('updated_by_id').references(() => accounts.id, { onDelete: 'set null' }),
});
