import { boolean, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../account/account.tables';

export const PHOTO_PURPOSES = ['ENTRY_CARD', 'ID_CARD', 'BADGE', 'BADGE_ID', 'CATALOG', 'BANNER', 'PRODUCT', 'EXHIBITOR_LOGO', 'BADGE_TEMPLATE', 'LETTER_TEMPLATE'] as const;

/**
 * A checked, re-encoded picture in the file store. It belongs to the account that uploaded it until an
 * application references it; only authorised URLs serve it (DESIGN §6).
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PHOTO_PURPOSES }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    faceRatio: real('face_ratio'),
    /** face-api's 128-number descriptor, for the organizer's entry-card / ID photo match score. */
    faceDescriptor: real('face_descriptor').array(),
    /**
     * Its person chose the counter check (DESIGN §6, decision 0209): no face detection runs on it and no face
     * data is kept for it — the descriptor stays null, whatever tries to write one later.
     */
    counterCheck: boolean('counter_check').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('photos_owner_idx').on(table.ownerId)],
);
