import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { audiences } from '../application/application.tables';

/** Entries at the gate (the hardware issue records them; the visitor's record page lists them). */
export const admissions = pgTable(
  'admissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    gate: text('gate'),
    reEntry: boolean('re_entry').notNull().default(false),
    /** The device's own scan id: offline uploads are idempotent on it. */
    scanId: text('scan_id').unique(),
    sequence: integer('sequence').notNull().default(1),
  },
  (table) => [index('admissions_audience_idx').on(table.audienceId, table.at), index('admissions_day_idx').on(table.day, table.gate)],
);
