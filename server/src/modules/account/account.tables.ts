import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SCOPES } from '@portal/shared/auth/scopes';
import { exhibitors } from '../exhibitor/exhibitor.tables';

/**
 * One table for the three viewer kinds (Ouser, User, Xuser): they share every base field of SPEC 3,
 * and an email or mobile identifies exactly one account across the portal.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope', { enum: SCOPES }).notNull(),
    name: text('name').notNull().default(''),
    nickname: text('nickname'),
    mobile: text('mobile'),
    email: text('email'),
    passwordHash: text('password_hash'),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginDate: timestamp('last_login_date', { withTimezone: true }),
    loginCount: integer('login_count').notNull().default(0),
    passwordLastUpdateAt: timestamp('password_last_update_at', { withTimezone: true }),
    /** Bumped when the password changes: sessions of an older version are no longer valid. */
    sessionVersion: integer('session_version').notNull().default(0),
    exhibitorId: uuid('exhibitor_id').references(() => exhibitors.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accounts_email_unique').on(table.email),
    uniqueIndex('accounts_mobile_unique').on(table.mobile),
    index('accounts_exhibitor_idx').on(table.exhibitorId),
  ],
);

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  note: text('note'),
});

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.roleId] })],
);
