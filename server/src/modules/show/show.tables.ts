import { boolean, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_TICKET_GATE_RULES, type TicketGateRules } from '@portal/shared/ticket/gate-rules.schema';
import { QR_PERIOD_DEFAULT_SECONDS } from '@portal/shared/ticket/rotating-code';

/** The show's settings: a single row (id 1). */
export const projectSettings = pgTable('project_settings', {
  id: integer('id').primaryKey().default(1),
  /** Raised by every save: a save made from an older version is refused (two organizers at once). */
  version: integer('version').notNull().default(0),
  nameZh: text('name_zh').notNull().default(''),
  nameEn: text('name_en').notNull().default(''),
  /** The show's own website: /logout sends the browser there; null until the organizers set it. */
  showWebsiteUrl: text('show_website_url'),
  audienceRegOpen: boolean('audience_reg_open').notNull().default(true),
  exhibitorRegOpen: boolean('exhibitor_reg_open').notNull().default(true),
  /** Until when a visitor may edit the registration (SPEC 4: 13 November 2024 for the real show). */
  audienceUpdateDeadline: timestamp('audience_update_deadline', { withTimezone: true }),
  /** PIPL retention: personal data of applications is deleted this many days after the show. */
  retentionDays: integer('retention_days').notNull().default(180),
  /** The rotating ticket QR's window, seconds (DESIGN §6). */
  qrPeriodSeconds: integer('qr_period_seconds').notNull().default(QR_PERIOD_DEFAULT_SECONDS),
  /** Per ticket kind: whether its QR rotates and its re-entry policy (`TicketGateRules`); a kind missing takes the default. */
  /** How long a visitor offered a seat from a day's waitlist has to confirm it, hours. */
  waitlistOfferHours: integer('waitlist_offer_hours').notNull().default(24),
  ticketGateRules: jsonb('ticket_gate_rules').$type<Partial<TicketGateRules>>().notNull().default(DEFAULT_TICKET_GATE_RULES),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The exhibition days with their capacity and registration deadline (Asia/Shanghai). */
export const showDays = pgTable('show_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  capacity: integer('capacity').notNull(),
  deadline: timestamp('deadline', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How visitors heard of the show; a list the organizers maintain. */
export const channels = pgTable('channels', {
  id: uuid('id').primaryKey().defaultRandom(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});
