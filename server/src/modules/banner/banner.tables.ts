import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { submissionColumns, submissionHistoryTable } from '../../lib/submission-tables';
import { exhibitors } from '../exhibitor/exhibitor.tables';
import { photos } from '../media/media.tables';

/** Where banners can be shown (the organizer's list): site header, venue gates, hall signs … */
export const bannerPlacements = pgTable('banner_placements', {
  id: uuid('id').primaryKey().defaultRandom(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** As printed for the exhibitor ("1920×600 px"), written from width and height. */
  size: text('size').notNull(),
  /** The picture's size in pixels: the rule every banner of the placement meets (shared/src/banner/banner-size.ts). */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A banner an exhibitor asks to show at a placement. */
export const bannerApplications = pgTable(
  'banner_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    placementId: uuid('placement_id')
      .notNull()
      .references(() => bannerPlacements.id),
    pictureId: uuid('picture_id')
      .notNull()
      .references(() => photos.id),
    linkUrl: text('link_url').notNull(),
    ...submissionColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('banner_applications_queue_idx').on(table.submittedAt.desc(), table.id.desc()),
    index('banner_applications_exhibitor_idx').on(table.exhibitorId, table.submittedAt.desc()),
    index('banner_applications_picture_idx').on(table.pictureId),
  ],
);

export const bannerStatusHistory = submissionHistoryTable('banner_status_history', () => bannerApplications.id);
