import { sql, type SQL } from 'drizzle-orm';
import { type PgColumn, bigserial, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ID_TYPES } from '@portal/shared/application/id-number';
import { encryptedText } from '../../lib/personal-data-cipher';
import { APPROVE_STATUSES } from '@portal/shared/application/application-status';
import { accounts } from '../account/account.tables';
import { activationCodes } from '../activation-code/activation-code.tables';
import { channels } from '../show/show.tables';
import { photos } from '../media/media.tables';
import { visitorGroups } from '../visitor-group/visitor-group.tables';

/** What the list's keyword index holds: each character of the lower-cased name, and `state:<status>`. */
export function searchTokensOf(table: { name: PgColumn; approveStatus: PgColumn }): SQL {
  return sql`array_append(string_to_array(lower(${table.name}), null), 'state:' || ${table.approveStatus})`;
}

/**
 * The visitor's application (SPEC 3 "Audience registration"), one per visitor account.
 * `CREATED` rows exist from registration on; the application fields are filled on submit.
 */
export const audiences = pgTable(
  'audiences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .unique()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    approveStatus: text('approve_status', { enum: APPROVE_STATUSES }).notNull().default('CREATED'),
    name: text('name'),
    mobile: text('mobile'),
    email: text('email'),
    idType: text('id_type', { enum: ID_TYPES }),
    /** Normalised (trimmed, upper-case), encrypted at rest (AES-256-GCM); the code reads plain text. */
    idNumber: encryptedText('id_number_encrypted'),
    /** Keyed hash of the normalised number: uniqueness and exact search without the number. */
    idNumberHash: text('id_number_hash'),
    /** The last four characters, as organizers read them off a card (search by ending). */
    idNumberLast4: text('id_number_last4'),
    /** Before encryption at rest the number was kept here in plain text; emptied at start-up (sealIdNumbers). */
    legacyIdNumber: text('id_number'),
    birthDate: date('birth_date', { mode: 'string' }),
    entryPhotoId: uuid('entry_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    idPhotoId: uuid('id_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    activationCodeId: uuid('activation_code_id').references(() => activationCodes.id),
    channelId: uuid('channel_id').references(() => channels.id),
    refuseReason: text('refuse_reason'),
    truthConfirmedAt: timestamp('truth_confirmed_at', { withTimezone: true }),
    /** PIPL: the separate consent to processing ID, photos and face. */
    sensitiveConsentAt: timestamp('sensitive_consent_at', { withTimezone: true }),
    /** The visitor chose to be verified at the counter instead of by face recognition (decision 0209): no face data is kept, the review has no score. */
    counterCheck: boolean('counter_check').notNull().default(false),
    /** The agent's group the visitor applied in (docs/decisions/0210-group-registration.md). */
    groupId: uuid('group_id').references(() => visitorGroups.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** PIPL: when the personal data was erased (on request or when retention ended); the row stays for statistics. */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('audiences_id_number_hash_unique').on(table.idNumberHash),
    index('audiences_id_number_last4_idx').on(table.idNumberLast4),
    uniqueIndex('audiences_mobile_unique').on(table.mobile),
    uniqueIndex('audiences_activation_code_unique').on(table.activationCodeId),
    index('audiences_status_submitted_idx').on(table.approveStatus, table.submittedAt),
    index('audiences_submitted_idx').on(table.submittedAt),
    // The list's order (newest first, id as tie-breaker), whole and per status: a page is an index walk (bench: 100,000 rows).
    index('audiences_list_order_idx').on(table.submittedAt.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('audiences_status_list_order_idx').on(table.approveStatus, table.submittedAt.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('audiences_channel_idx').on(table.channelId),
    index('audiences_group_idx').on(table.groupId),
    index('audiences_name_idx').on(sql`lower(${table.name})`),
    // The list sorted by name: a page is an index walk too, either way.
    index('audiences_name_order_idx').on(table.name.asc().nullsLast(), table.id.asc().nullsLast()),
    // The keyword search of the list (docs/decisions/0305-approval-list-keyword.md): the characters of the name and the state, so
    // that "王" among pending applications finds its candidates in one index scan (pg_trgm needs three
    // characters and a locale that knows CJK letters; a character set works for any script and on PGlite).
    index('audiences_search_tokens_idx').using('gin', searchTokensOf(table)),
    // The mobile's last four digits: "ends with" is looked up here, then the full ending is compared.
    index('audiences_mobile_last4_idx').on(sql`right(${table.mobile}, 4)`),
    // The dashboard's "counter check" figure and the list's filter read only the few who chose it.
    index('audiences_counter_check_idx').on(table.approveStatus).where(sql`${table.counterCheck}`),
  ],
);

/**
 * The approval list's exact counts, per state (`day` null) and per state and visit day, of submitted
 * applications: insert-only changes written by triggers on `audiences` and `audience_visit_dates` in the
 * transaction of every change (drizzle/0019_audience_list_counts.sql), summed when the list is read and
 * folded into one row per key from time to time. Insert-only, so that concurrent decisions never wait
 * for each other on a counter row.
 */
export const audienceCountDeltas = pgTable(
  'audience_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    approveStatus: text('approve_status', { enum: APPROVE_STATUSES }).notNull(),
    day: date('day', { mode: 'string' }),
    delta: integer('delta').notNull(),
  },
  (table) => [index('audience_count_deltas_key_idx').on(table.approveStatus, table.day)],
);

/**
 * The approval list's keyword index for one- and two-character keywords (drizzle/0024_audience_name_grams.sql):
 * each distinct character and pair of adjacent characters of the lower-cased name of every submitted
 * application, with its state and submission time, kept by triggers on `audiences` in the transaction of
 * every change. A name contains a keyword of one or two characters exactly when its row holds that gram,
 * so the btree answers the keyword's exact count and its page in list order by an index-only scan (the
 * GIN index on the name's characters only narrows: every candidate had to be read). No foreign key: the
 * triggers remove the rows of a deleted application, found by this key (a cascade would need a second index).
 */
export const audienceNameGrams = pgTable(
  'audience_name_grams',
  {
    gram: text('gram').notNull(),
    approveStatus: text('approve_status', { enum: APPROVE_STATUSES }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    audienceId: uuid('audience_id').notNull(),
  },
  (table) => [primaryKey({ name: 'audience_name_grams_pkey', columns: [table.gram, table.approveStatus, table.submittedAt, table.audienceId] })],
);

/** The days a visitor picked; `admittedAt` is set at the gate, after which the day cannot be dropped. */
export const audienceVisitDates = pgTable(
  'audience_visit_dates',
  {
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.audienceId, table.day] }), index('audience_visit_dates_day_idx').on(table.day)],
);

/** Every state change of an application: who, when, from, to, why (DESIGN §6). */
export const audienceStatusHistory = pgTable(
  'audience_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: APPROVE_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: APPROVE_STATUSES }).notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The auto-approval rule that made this decision (its name as it was then), or null: a person decided. */
    autoRuleName: text('auto_rule_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audience_status_history_audience_idx').on(table.audienceId, table.at), index('audience_status_history_at_idx').on(table.at)],
);

/**
 * The waitlist of full show days (docs/decisions/0208-waitlist-for-full-days.md): one row per application
 * and day, in the order of `joinedAt` then `id`. A row with `offeredAt` set is an offered seat: it counts
 * against the day's capacity like a held day until the visitor confirms it (the row becomes a visit day)
 * or `offerExpiresAt` passes (the row goes, the seat passes to the next in line).
 */
export const audienceWaitlist = pgTable(
  'audience_waitlist',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('audience_waitlist_audience_day_unique').on(table.audienceId, table.day),
    index('audience_waitlist_day_order_idx').on(table.day, table.joinedAt, table.id),
    index('audience_waitlist_offer_expiry_idx').on(table.offerExpiresAt),
  ],
);
