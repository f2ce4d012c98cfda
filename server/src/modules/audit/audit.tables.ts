import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../account/account.tables';

/**
 * Who did what to which record: sign-ins, views and exports of personal data, state changes.
 * Append-only for every role: a trigger (migration 0009) refuses UPDATE, DELETE and TRUNCATE, except
 * the foreign key's own `actor_id → NULL`. The log pages newest first by id (keyset), per person and per action.
 */
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
  (table) => [
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId),
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
  ],
);
