import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { EXHIBITOR_STATUSES } from '@portal/shared/exhibitor/exhibitor.schema';
import { BOOTH_TYPES, EXTRA_BADGE_ORDER_STATUSES } from '@portal/shared/exhibitor/badge-quota';
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
    /**
     * The effective badge limit: (limit_override, or the booth type's rule for booth_area) + the paid extra badges.
     * Stored so that the badge rules read it under the company lock; recomputed in the transaction that changes
     * any of its inputs (docs/decisions/0417-badge-quotas.md).
     */
    credentialLimit: integer('credential_limit').notNull().default(0),
    /** Square metres; null until the organizer knows the stand. */
    boothArea: numeric('booth_area', { precision: 9, scale: 2, mode: 'number' }),
    boothType: text('booth_type', { enum: BOOTH_TYPES }),
    /** The organizer's limit in place of the rule's, with its reason (both or neither). */
    limitOverride: integer('limit_override'),
    limitOverrideReason: text('limit_override_reason'),
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
    // A rule change recomputes the companies of its booth type that follow the rule.
    index('exhibitors_booth_type_idx').on(table.boothType).where(sql`limit_override is null`),
    check('exhibitors_booth_area_check', sql`booth_area is null or booth_area > 0`),
    check('exhibitors_limit_override_check', sql`(limit_override is null) = (limit_override_reason is null) and (limit_override is null or limit_override >= 0)`),
  ],
);

/** The organizer's badge quota rule per booth type: one badge per `area_per_badge` m², within [minimum, maximum]. */
export const boothQuotaRules = pgTable(
  'booth_quota_rules',
  {
    boothType: text('booth_type', { enum: BOOTH_TYPES }).primaryKey(),
    areaPerBadge: numeric('area_per_badge', { precision: 9, scale: 2, mode: 'number' }).notNull(),
    minimum: integer('minimum').notNull(),
    maximum: integer('maximum'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('booth_quota_rules_check', sql`area_per_badge > 0 and minimum >= 0 and (maximum is null or maximum >= minimum)`)],
);

/** Extra badges a company orders; a PAID order adds its quantity to the company's limit. */
export const extraBadgeOrders = pgTable(
  'extra_badge_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    status: text('status', { enum: EXTRA_BADGE_ORDER_STATUSES }).notNull().default('OPEN'),
    /** Why the organizer refused it. */
    reason: text('reason'),
    /** Who ordered and who decided (accounts; the audit log keeps the same with names). */
    orderedById: uuid('ordered_by_id'),
    decidedById: uuid('decided_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    check('extra_badge_orders_quantity_check', sql`quantity > 0`),
    // The organizer's list per state, newest first; a company's own orders and its paid sum.
    index('extra_badge_orders_status_created_idx').on(table.status, table.createdAt),
    index('extra_badge_orders_exhibitor_idx').on(table.exhibitorId, table.status),
  ],
);
