import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { likeContains } from '../../lib/sql-like';
import type { Executor } from '../../db/client';
import { accountRoles, accounts, roles } from './account.tables';
import { normaliseIdentity, type IdentityKind } from '@portal/shared/auth/identity';
import type { TStaffListInput } from '@portal/shared/staff/staff.schema';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;

export function findAccountById(db: Executor, id: string) {
  return db.query.accounts.findFirst({ where: eq(accounts.id, id) });
}

/** The account and the ids of its roles (sorted) in one statement: the signed-in viewer of a request. */
export async function findAccountWithRoleIds(db: Executor, id: string) {
  const [row] = await db
    .select({
      account: accounts,
      roleIds: sql<string[]>`array(select ${accountRoles.roleId} from ${accountRoles} where ${accountRoles.accountId} = ${accounts.id} order by ${accountRoles.roleId})`,
    })
    .from(accounts)
    .where(eq(accounts.id, id));
  return row;
}

export function findAccountByIdentity(db: Executor, identity: { kind: IdentityKind; value: string }) {
  const column = identity.kind === 'email' ? accounts.email : accounts.mobile;
  return db.query.accounts.findFirst({ where: eq(column, identity.value) });
}

/** The enabled accounts of an exhibiting company (the addresses of its notices). */
export function findAccountsOfExhibitor(db: Executor, exhibitorId: string) {
  return db.query.accounts.findMany({ where: and(eq(accounts.exhibitorId, exhibitorId), eq(accounts.disabled, false)) });
}

export async function insertAccount(db: Executor, values: NewAccountRow) {
  const [row] = await db.insert(accounts).values(values).returning();
  if (!row) throw new Error('insert into accounts returned no row');
  return row;
}

export function rolesOfAccount(db: Executor, accountId: string) {
  return db
    .select({ id: roles.id, name: roles.name, note: roles.note })
    .from(accountRoles)
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(eq(accountRoles.accountId, accountId))
    .orderBy(asc(roles.id));
}

export async function grantRoles(db: Executor, accountId: string, roleIds: readonly string[]) {
  if (roleIds.length === 0) return;
  await db
    .insert(accountRoles)
    .values(roleIds.map((roleId) => ({ accountId, roleId })))
    .onConflictDoNothing();
}

export async function upsertRoles(db: Executor, rows: Array<{ id: string; name: string; note: string | null }>) {
  for (const row of rows) {
    await db.insert(roles).values(row).onConflictDoUpdate({ target: roles.id, set: { name: row.name, note: row.note } });
  }
}

export function findAccountsByIds(db: Executor, ids: readonly string[]) {
  return db.select().from(accounts).where(inArray(accounts.id, [...ids]));
}

/** Accounts whose name contains the text, or whose email or mobile is it (newest first). */
export async function findAccountIdsMatching(db: Executor, text: string, limit: number): Promise<string[]> {
  const identity = normaliseIdentity(text);
  const byIdentity = identity ? eq(identity.kind === 'email' ? accounts.email : accounts.mobile, identity.value) : undefined;
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(or(ilike(accounts.name, likeContains(text)), byIdentity))
    .orderBy(desc(accounts.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function updateAccount(db: Executor, id: string, values: Partial<NewAccountRow>) {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  return row;
}

/** Every account of the given companies, enabled or not (the organizer's list). */
export function findAccountsOfExhibitors(db: Executor, exhibitorIds: readonly string[]) {
  return exhibitorIds.length ? db.select().from(accounts).where(inArray(accounts.exhibitorId, [...exhibitorIds])).orderBy(asc(accounts.createdAt)) : Promise.resolve([]);
}

/** Enables or disables every account of a company; disabling also ends their sessions (version bump). */
export async function setDisabledOfExhibitor(tx: Executor, exhibitorId: string, disabled: boolean) {
  return tx
    .update(accounts)
    .set({ disabled, updatedAt: new Date(), ...(disabled ? { sessionVersion: sql`${accounts.sessionVersion} + 1` } : {}) })
    .where(eq(accounts.exhibitorId, exhibitorId))
    .returning({ id: accounts.id });
}

export async function recordSuccessfulLogin(db: Executor, id: string) {
  await db
    .update(accounts)
    .set({ lastLoginDate: new Date(), loginCount: sql`${accounts.loginCount} + 1` })
    .where(eq(accounts.id, id));
}

export async function countAccounts(db: Executor) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(accounts);
  return Number(row?.count ?? 0);
}

/** Organizer accounts with the filter of the staff list (a role held, enabled or not, a keyword), newest first. */
export async function listStaff(db: Executor, input: TStaffListInput) {
  const keyword = input.keyword ? likeContains(input.keyword) : undefined;
  const where = and(
    eq(accounts.scope, 'organizer'),
    keyword ? or(ilike(accounts.name, keyword), ilike(accounts.email, keyword), ilike(accounts.mobile, keyword)) : undefined,
    input.role ? inArray(accounts.id, db.select({ id: accountRoles.accountId }).from(accountRoles).where(eq(accountRoles.roleId, input.role))) : undefined,
    input.disabled === null || input.disabled === undefined ? undefined : eq(accounts.disabled, input.disabled),
  );
  const [nodes, [total]] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(where)
      .orderBy(desc(accounts.createdAt), desc(accounts.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ value: count() }).from(accounts).where(where),
  ]);
  return { nodes, total: total?.value ?? 0 };
}

/** Locks organizer accounts' rows in id order (two changes locking the same pair cannot deadlock); other scopes are not staff. */
export function lockOrganizers(tx: Executor, ids: readonly string[]) {
  return tx
    .select()
    .from(accounts)
    .where(and(inArray(accounts.id, [...ids]), eq(accounts.scope, 'organizer')))
    .orderBy(asc(accounts.id))
    .for('update');
}

/** The roles of each listed account (the staff list's tags). */
export function roleIdsOfAccounts(db: Executor, accountIds: readonly string[]) {
  return accountIds.length ? db.select().from(accountRoles).where(inArray(accountRoles.accountId, [...accountIds])).orderBy(asc(accountRoles.roleId)) : Promise.resolve([]);
}

/** Replaces the account's roles with exactly these. */
export async function replaceRoles(tx: Executor, accountId: string, roleIds: readonly string[]) {
  await tx.delete(accountRoles).where(eq(accountRoles.accountId, accountId));
  await grantRoles(tx, accountId, roleIds);
}
