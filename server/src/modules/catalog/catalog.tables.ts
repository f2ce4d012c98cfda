import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { submissionColumns, submissionHistoryTable } from '../../lib/submission-tables';
import { exhibitors } from '../exhibitor/exhibitor.tables';
import { photos } from '../media/media.tables';

/** A company's entry in the show catalog (SPEC 3 "Catalog submission"): one per exhibitor. */
export const catalogEntries = pgTable(
  'catalog_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .unique()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    companyNameZh: text('company_name_zh').notNull(),
    companyNameEn: text('company_name_en').notNull(),
    address: text('address').notNull(),
    websiteUrl: text('website_url').notNull(),
    countryCode: text('country_code').notNull(),
    regionCode: text('region_code'),
    linkman: text('linkman').notNull(),
    telephone: text('telephone').notNull(),
    email: text('email').notNull(),
    profileZh: text('profile_zh').notNull(),
    profileEn: text('profile_en').notNull(),
    logoPhotoId: uuid('logo_photo_id')
      .notNull()
      .references(() => photos.id),
    ...submissionColumns(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('catalog_entries_queue_idx').on(table.submittedAt.desc(), table.id.desc()), index('catalog_entries_status_idx').on(table.status, table.submittedAt.desc())],
);

export const catalogStatusHistory = submissionHistoryTable('catalog_status_history', () => catalogEntries.id);
