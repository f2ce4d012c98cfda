import { sql, type SQL } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { ID_TYPES } from '@portal/shared/application/id-number';
import { SUBMISSION_STATUSES } from '@portal/shared/submission/submission.schema';
import { reviewColumns, submissionHistoryTable } from '../../lib/submission-tables';
import { encryptedText } from '../../lib/personal-data-cipher';
import { accounts } from '../account/account.tables';
import { exhibitors } from '../exhibitor/exhibitor.tables';
import { photos } from '../media/media.tables';

/**
 * The characters of a badge's name and pinyin, lower-cased (`badges_search_chars_idx`): a keyword's characters
 * must all be among them for the name or the pinyin to contain it, so the GIN index narrows and ILIKE decides.
 */
export function badgeSearchCharsOf(table: { name: PgColumn; namePinyin: PgColumn }): SQL {
  return sql`string_to_array(lower(${table.name} || ' ' || ${table.namePinyin}), null)`;
}

/** The unique indexes whose violation names the field a badge clashes on. */
export const BADGE_ID_NUMBER_UNIQUE = 'badges_id_number_hash_unique';
export const BADGE_PHONE_UNIQUE = 'badges_phone_unique';

/** A staff badge an exhibitor applies for (SPEC 3 "Badge application"); non-rejected ones count against the limit. */
export const badges = pgTable(
  'badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exhibitorId: uuid('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    ...reviewColumns(),
    name: text('name').notNull(),
    namePinyin: text('name_pinyin').notNull(),
    countryCode: text('country_code').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull(),
    idType: text('id_type', { enum: ID_TYPES }).notNull(),
    /** Normalised, encrypted at rest (AES-256-GCM) exactly like visitors' numbers. */
    idNumber: encryptedText('id_number_encrypted').notNull(),
    /** Keyed hash: one badge per person (unique) and the /ticket look-up without the number. */
    idNumberHash: text('id_number_hash').notNull(),
    idNumberLast4: text('id_number_last4').notNull(),
    country: text('country').notNull(),
    deptName: text('dept_name').notNull(),
    position: text('position').notNull(),
    companyNameZh: text('company_name_zh').notNull(),
    companyNameEn: text('company_name_en').notNull(),
    entryPhotoId: uuid('entry_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    idPhotoId: uuid('id_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /** The staff member is verified at the counter instead of by face recognition (decision 0209): no face data, no score. */
    counterCheck: boolean('counter_check').notNull().default(false),
    truthConfirmedAt: timestamp('truth_confirmed_at', { withTimezone: true }).notNull(),
    sensitiveConsentAt: timestamp('sensitive_consent_at', { withTimezone: true }).notNull(),
    createdById: uuid('created_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex(BADGE_ID_NUMBER_UNIQUE).on(table.idNumberHash),
    // SPEC 5: the phone is unique like the ID number (one badge per mobile); the phone first, for the queue's keyword.
    uniqueIndex(BADGE_PHONE_UNIQUE).on(table.phoneNumber, table.countryCode),
    index('badges_exhibitor_list_idx').on(table.exhibitorId, table.createdAt.desc(), table.id.desc()),
    index('badges_list_idx').on(table.createdAt.desc(), table.id.desc()),
    index('badges_status_list_idx').on(table.status, table.createdAt.desc(), table.id.desc()),
    // The queue's keyword, each of its branches through an index: name or pinyin, the phone, the ID number's last four.
    index('badges_search_chars_idx').using('gin', badgeSearchCharsOf(table)),
    index('badges_id_last4_idx').on(table.idNumberLast4),
  ],
);

/** Every state change of a badge: who, when, from, to, why (the review workflow's history, as for every kind). */
export const badgeStatusHistory = submissionHistoryTable('badge_status_history', () => badges.id);

/**
 * The queues' exact counts per company and state, and (`exhibitorId` null) per state over every company:
 * insert-only changes written by triggers on `badges` in the transaction of every change (drizzle/0023),
 * summed when a list is read and folded into one row per key from time to time. Insert-only, so that
 * concurrent applications and decisions never wait on a counter row. No foreign key: a company's rows
 * are subtracted by the trigger when its badges go, and its folded zeros vanish.
 */
export const badgeCountDeltas = pgTable(
  'badge_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    exhibitorId: uuid('exhibitor_id'),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull(),
    delta: integer('delta').notNull(),
  },
  (table) => [index('badge_count_deltas_key_idx').on(table.exhibitorId, table.status)],
);

/**
 * The queue's keyword (drizzle/0025_list_keywords): one row per distinct character and pair of adjacent characters of a
 * badge's searchable text, lower(name) || chr(31) || lower(name_pinyin), with its state, creation time and
 * the text itself, kept by triggers on `badges` in the transaction of every change. A keyword's matches hold
 * each of its pairs, so one pair's rows, walked in list order and checked with LIKE on the text they carry,
 * give the page and the exact count from this index alone. The text is the key's last column so that the
 * index holds it (drizzle cannot declare INCLUDE); the first four columns are unique already.
 */
export const badgeSearchGrams = pgTable(
  'badge_search_grams',
  {
    gram: text('gram').notNull(),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    badgeId: uuid('badge_id').notNull(),
    searchable: text('searchable').notNull(),
  },
  (table) => [primaryKey({ name: 'badge_search_grams_pkey', columns: [table.gram, table.status, table.createdAt, table.badgeId, table.searchable] })],
);
