import { boolean, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** The show's settings: a single row (id 1). */
export const projectSettings = pgTable('project_settings', {
  id: integer('id').primaryKey().default(1),
  audienceRegOpen: boolean('audience_reg_open').notNull().default(true),
  exhibitorRegOpen: boolean('exhibitor_reg_open').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
