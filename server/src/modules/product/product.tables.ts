import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PRODUCT_CATEGORIES } from '@portal/shared/product/product.schema';
import { submissionColumns, submissionHistoryTable } from '../../lib/submission-tables';
import { exhibitors } from '../exhibitor/exhibitor.tables';

/** A product an exhibitor asks to list in the show's product directory (docs/decisions/0409-catalog-products-banners.md). */
export const productApplications = pgTable(
  'product_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    category: text('category', { enum: PRODUCT_CATEGORIES }).notNull(),
    descriptionZh: text('description_zh').notNull(),
    descriptionEn: text('description_en').notNull(),
    /** PRODUCT photos, in the order shown (1–6). */
    photoIds: uuid('photo_ids').array().notNull(),
    ...submissionColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_applications_queue_idx').on(table.submittedAt.desc(), table.id.desc()),
    index('product_applications_exhibitor_idx').on(table.exhibitorId, table.submittedAt.desc()),
    index('product_applications_photos_idx').using('gin', table.photoIds),
  ],
);

export const productStatusHistory = submissionHistoryTable('product_status_history', () => productApplications.id);
