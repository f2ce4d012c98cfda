import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BADGE_FIELDS, BADGE_ORIENTATIONS, BADGE_SIZE_NAMES, type BadgeSize } from '@portal/shared/badge-print/badge-print.schema';
import { TICKET_KINDS } from '@portal/shared/ticket/ticket.schema';
import { accounts } from '../account/account.tables';
import { photos } from '../media/media.tables';
import { tickets } from '../ticket/ticket.tables';

/** One badge design per ticket kind, saved by the ticket office; a kind without one prints with `defaultBadgeTemplate`. */
export const badgeTemplates = pgTable('badge_templates', {
  kind: text('kind', { enum: TICKET_KINDS }).primaryKey(),
  size: text('size', { enum: BADGE_SIZE_NAMES as [BadgeSize, ...BadgeSize[]] }).notNull(),
  orientation: text('orientation', { enum: BADGE_ORIENTATIONS }).notNull(),
  backgroundColor: text('background_color').notNull(),
  textColor: text('text_color').notNull(),
  /** Pictures of purpose BADGE_TEMPLATE; a replaced one is deleted with its file. */
  backgroundPhotoId: uuid('background_photo_id').references(() => photos.id, { onDelete: 'set null' }),
  logoPhotoId: uuid('logo_photo_id').references(() => photos.id, { onDelete: 'set null' }),
  fields: text('fields', { enum: BADGE_FIELDS }).array().notNull(),
  label: text('label'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedById: uuid('updated_by_id').references(() => accounts.id, { onDelete: 'set null' }),
});

/**
 * Every badge printed, one row per ticket and print (a batch's rows share `batchId`): the ticket drawer's
 * print count and history and the kiosk's reprint warning read it; the audit log holds the same prints.
 */
export const badgePrints = pgTable(
  'badge_prints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
    printedById: uuid('printed_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    batchId: uuid('batch_id'),
  },
  (table) => [index('badge_prints_ticket_idx').on(table.ticketId, table.printedAt)],
);
