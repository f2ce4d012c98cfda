import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ID_TYPES } from '@portal/shared/application/id-number';
import type { TAudienceListInput } from '@portal/shared/review/audience-list';
import { REVIEW_JOB_KINDS, REVIEW_JOB_STATES } from '@portal/shared/review/review-job.schema';
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

/**
 * "Approve (or refuse) all that match this filter" as a job (docs/decisions/0309-review-job.md): the worker of
 * one instance at a time (the lease) decides the waiting matches in batches, after `cursor` in id order, and
 * writes its progress after each batch.
 */
export const reviewJobs = pgTable(
  'review_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: REVIEW_JOB_KINDS }).notNull(),
    /** The list's filter, its states narrowed to WAIT. */
    filter: jsonb('filter').$type<NonNullable<TAudienceListInput['filter']>>().notNull(),
    reason: text('reason'),
    confirmedCount: integer('confirmed_count').notNull(),
    /** Applications taken; of them decided, and those of a batch that failed. */
    processed: integer('processed').notNull().default(0),
    decided: integer('decided').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    state: text('state', { enum: REVIEW_JOB_STATES }).notNull().default('QUEUED'),
    /** The last application id taken: the next batch starts after it. */
    cursor: uuid('cursor'),
    createdById: uuid('created_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** While lease_until is in the future, the worker named here runs the job; others leave it alone. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [index('review_jobs_active_idx').on(table.createdAt).where(sql`${table.state} in ('QUEUED', 'RUNNING')`), index('review_jobs_recent_idx').on(table.createdAt)],
);
