import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Company record of an exhibitor (SPEC 3: Xuser.exhibitor). */
export const exhibitors = pgTable('exhibitors', {
  id: uuid('id').primaryKey().defaultRandom(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  logo: text('logo'),
  credentialLimit: integer('credential_limit').notNull().default(0),
  status: text('status', { enum: ['ACTIVE', 'DISABLED'] }).notNull().default('ACTIVE'),
  bootNumber: text('boot_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
