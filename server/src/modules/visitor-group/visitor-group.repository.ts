import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { visitorGroupMembers, visitorGroups } from './visitor-group.tables';

export async function insertGroup(tx: Executor, values: typeof visitorGroups.$inferInsert) {
  const [row] = await tx.insert(visitorGroups).values(values).returning();
  if (!row) throw new Error('group not inserted');
  return row;
}

export async function findGroup(db: Executor, id: string) {
  const [row] = await db.select().from(visitorGroups).where(eq(visitorGroups.id, id));
  return row;
}

export async function groupsByIds(db: Executor, ids: readonly string[]) {
  return ids.length === 0 ? [] : db.select({ id: visitorGroups.id, name: visitorGroups.name }).from(visitorGroups).where(inArray(visitorGroups.id, [...ids]));
}

/** The group row locked: every change of its members or its limit takes it first, so the limit holds. */
export async function lockGroup(tx: Executor, id: string) {
  const [row] = await tx.select().from(visitorGroups).where(eq(visitorGroups.id, id)).for('update');
  return row;
}

/** The group and its members (cascade); applications keep their rows, their group cleared. */
export async function deleteGroup(tx: Executor, id: string) {
  await tx.delete(visitorGroups).where(eq(visitorGroups.id, id));
}

export async function setMemberLimit(tx: Executor, id: string, memberLimit: number) {
  await tx.update(visitorGroups).set({ memberLimit }).where(eq(visitorGroups.id, id));
}

export function listGroups(db: Executor) {
  return db.select().from(visitorGroups).orderBy(desc(visitorGroups.createdAt), desc(visitorGroups.id));
}

export function groupsOfAgent(db: Executor, agentMobile: string) {
  return db.select().from(visitorGroups).where(eq(visitorGroups.agentMobile, agentMobile)).orderBy(desc(visitorGroups.createdAt));
}

/** Members and joined members per group. */
export async function memberCounts(db: Executor, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: visitorGroupMembers.groupId, members: count(), joined: count(visitorGroupMembers.joinedAt) })
    .from(visitorGroupMembers)
    .where(inArray(visitorGroupMembers.groupId, [...groupIds]))
    .groupBy(visitorGroupMembers.groupId);
}

export async function countMembers(tx: Executor, groupId: string) {
  const [row] = await tx.select({ members: count() }).from(visitorGroupMembers).where(eq(visitorGroupMembers.groupId, groupId));
  return row?.members ?? 0;
}

export function membersOf(db: Executor, groupId: string) {
  return db.select().from(visitorGroupMembers).where(eq(visitorGroupMembers.groupId, groupId)).orderBy(asc(visitorGroupMembers.entryNo));
}

/** Inserts a member unless the mobile is already a member somewhere; undefined then. */
export async function insertMember(tx: Executor, values: typeof visitorGroupMembers.$inferInsert) {
  const [row] = await tx.insert(visitorGroupMembers).values(values).onConflictDoNothing({ target: visitorGroupMembers.mobile }).returning();
  return row;
}

export async function findMember(db: Executor, id: string) {
  const [row] = await db.select().from(visitorGroupMembers).where(eq(visitorGroupMembers.id, id));
  return row;
}

export async function lockMemberByMobile(tx: Executor, mobile: string) {
  const [row] = await tx.select().from(visitorGroupMembers).where(eq(visitorGroupMembers.mobile, mobile)).for('update');
  return row;
}

export async function findMemberByMobile(db: Executor, mobile: string) {
  const [row] = await db.select().from(visitorGroupMembers).where(eq(visitorGroupMembers.mobile, mobile));
  return row;
}

/** The joined member of an account, locked (the submit that binds the group's code). */
export async function lockJoinedMember(tx: Executor, accountId: string) {
  const [row] = await tx.select().from(visitorGroupMembers).where(eq(visitorGroupMembers.accountId, accountId)).for('update');
  return row?.joinedAt ? row : undefined;
}

export async function updateMember(tx: Executor, id: string, values: Partial<typeof visitorGroupMembers.$inferInsert>) {
  const [row] = await tx.update(visitorGroupMembers).set(values).where(eq(visitorGroupMembers.id, id)).returning();
  if (!row) throw new Error('group member vanished');
  return row;
}

export async function deleteMember(tx: Executor, id: string) {
  await tx.delete(visitorGroupMembers).where(eq(visitorGroupMembers.id, id));
}

export async function deleteMembersOfAccounts(tx: Executor, accountIds: readonly string[]) {
  if (accountIds.length > 0) await tx.delete(visitorGroupMembers).where(inArray(visitorGroupMembers.accountId, [...accountIds]));
}
