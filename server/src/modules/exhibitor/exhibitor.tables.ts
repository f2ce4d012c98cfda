import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { EXHIBITOR_STATUSES } from '@portal/shared/exhibitor/exhibitor.schema';
import { photos } from '../media/media.tables';

/** Company record of an exhibitor (SPEC 3: Xuser.exhibitor), with the contact the organizer calls. */
export const exhibitors = pgTable(
  'exhibitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** Set by the exhibitor section's organizers (purpose EXHIBITOR_LOGO); one company per picture. The type breaks the cycle photos → accounts → exhibitors. */
    logoPhotoId: uuid('logo_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    credentialLimit: integer('credential_limit').notNull().default(0),
    status: text('status', { enum: EXHIBITOR_STATUSES }).notNull().default('ACTIVE'),
    bootNumber: text('boot_number'),
    contactName: text('contact_name'),
    contactMobile: text('contact_mobile'),
    contactEmail: text('contact_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The organizer's list: newest first, optionally one status.
  (table) => [
    index('exhibitors_status_created_idx').on(table.status, table.createdAt),
    index('exhibitors_created_idx').on(table.createdAt),
    uniqueIndex('exhibitors_logo_photo_idx').on(table.logoPhotoId),
  ],
);
