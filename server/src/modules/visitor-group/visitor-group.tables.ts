import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ID_TYPES } from '@portal/shared/application/id-number';
import { accounts } from '../account/account.tables';
import { activationCodes } from '../activation-code/activation-code.tables';

/**
 * A group brought by an agent (a travel agency, a dealer): the organizer names the agent by mobile and sets the
 * member limit; its activation codes form one batch, one code per member (docs/decisions/0210-group-registration.md).
 */
export const visitorGroups = pgTable(
  'visitor_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** E.164: the visitor account signed in with this mobile manages the group. */
    agentMobile: text('agent_mobile').notNull(),
    memberLimit: integer('member_limit').notNull(),
    /** The activation-code batch of the group's members (auto-approval rules can name it). */
    codeBatch: text('code_batch').notNull().unique(),
    createdById: uuid('created_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('visitor_groups_agent_idx').on(table.agentMobile)],
);

/**
 * A member as the agent entered them. The ID number is kept only as its keyed hash and last four characters: the
 * member proves the entry is theirs by typing it, and the application then holds the number itself.
 */
export const visitorGroupMembers = pgTable(
  'visitor_group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => visitorGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** E.164; one group membership per mobile across the show (one application per person). */
    mobile: text('mobile').notNull(),
    email: text('email'),
    idType: text('id_type', { enum: ID_TYPES }).notNull(),
    idNumberHash: text('id_number_hash').notNull(),
    idNumberLast4: text('id_number_last4').notNull(),
    activationCodeId: uuid('activation_code_id')
      .notNull()
      .references(() => activationCodes.id),
    /** Set when the member, signed in with this mobile, typed the same ID number. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /** Wrong ID numbers typed since the last invitation. */
    joinAttempts: integer('join_attempts').notNull().default(0),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order the agent entered the members in (one import is one instant). */
    entryNo: bigserial('entry_no', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('visitor_group_members_mobile_unique').on(table.mobile),
    uniqueIndex('visitor_group_members_account_unique').on(table.accountId),
    index('visitor_group_members_group_idx').on(table.groupId, table.entryNo),
  ],
);
