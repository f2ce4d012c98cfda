import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LETTER_HOLDER_KINDS, LETTER_STATUSES } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { encryptedText } from '../../lib/personal-data-cipher';
import { accounts } from '../account/account.tables';
import { exhibitors } from '../exhibitor/exhibitor.tables';
import { photos } from '../media/media.tables';

/**
 * Visa invitation letters (docs/decisions/0720-visa-invitation-letters.md). The holder is a visitor's
 * application or a staff badge (`holder_kind`, `subject_id`: the ids the gate's ledger uses, no foreign key:
 * the letter outlives neither's personal data — erased with it). What the letter says is copied at the
 * request (the passport details) and at the issue (issuer and texts), so that an issued letter never
 * changes. One open letter (PENDING or ISSUED) per holder.
 */
export const invitationLetters = pgTable(
  'invitation_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holderKind: text('holder_kind', { enum: LETTER_HOLDER_KINDS }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The staff member's company (STAFF): its accounts request and download. */
    exhibitorId: uuid('exhibitor_id').references(() => exhibitors.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LETTER_STATUSES }).notNull().default('PENDING'),
    requestedById: uuid('requested_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Personal data: null once erased (`erasedAt`). */
    holderName: text('holder_name'),
    /** Encrypted at rest like every ID number; lists show it masked. */
    passportNumber: encryptedText('passport_number_encrypted'),
    nationality: text('nationality'),
    birthDate: date('birth_date', { mode: 'string' }),
    passportExpiry: date('passport_expiry', { mode: 'string' }),
    company: text('company'),
    visitFrom: date('visit_from', { mode: 'string' }).notNull(),
    visitTo: date('visit_to', { mode: 'string' }).notNull(),
    /** Copied from the template when issued. */
    issuerName: text('issuer_name'),
    issuerTitle: text('issuer_title'),
    bodyZh: text('body_zh'),
    bodyEn: text('body_en'),
    refuseReason: text('refuse_reason'),
    revokeReason: text('revoke_reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: uuid('decided_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: uuid('revoked_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** PIPL: the holder's personal data was erased; the letter is revoked and says nothing any more. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitation_letters_open_unique').on(table.holderKind, table.subjectId).where(sql`${table.status} in ('PENDING', 'ISSUED')`),
    index('invitation_letters_holder_idx').on(table.holderKind, table.subjectId),
    index('invitation_letters_queue_idx').on(table.status, table.requestedAt),
    index('invitation_letters_exhibitor_idx').on(table.exhibitorId),
  ],
);

/** The letterhead, issuer and texts: a single row (id 1), saved by the project section. */
export const letterTemplates = pgTable('letter_templates', {
  id: integer('id').primaryKey().default(1),
  issuerName: text('issuer_name').notNull(),
  issuerTitle: text('issuer_title').notNull(),
  bodyZh: text('body_zh').notNull(),
  bodyEn: text('body_en').notNull(),
  /** Pictures of purpose LETTER_TEMPLATE; a replaced one is deleted with its file. */
  letterheadPhotoId: uuid('letterhead_photo_id').references(() => photos.id, { onDelete: 'set null' }),
  signaturePhotoId: uuid('signature_photo_id').references(() => photos.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedById: uuid('updated_by_id').references(() => accounts.id, { onDelete: 'set null' }),
});
