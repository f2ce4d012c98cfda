import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { BoothType, TExtraBadgeOrderListInput } from '@portal/shared/exhibitor/badge-quota';
import type { Executor } from '../../db/client';
import { boothQuotaRules, exhibitors, extraBadgeOrders } from './exhibitor.tables';

/** Every booth type's rule. */
export function listRules(db: Executor) {
  return db.select().from(boothQuotaRules).orderBy(asc(boothQuotaRules.boothType));
}

/**
 * Every rule, locked in booth-type order: FOR SHARE by a change of one company's limit (rules cannot change
 * under it), FOR UPDATE of one type by a rule change (which then recomputes that type's companies).
 */
export function lockRules(tx: Executor, strength: 'share' | 'update', boothType?: BoothType) {
  const query = tx.select().from(boothQuotaRules);
  return (boothType ? query.where(eq(boothQuotaRules.boothType, boothType)) : query).orderBy(asc(boothQuotaRules.boothType)).for(strength);
}

export async function updateRule(tx: Executor, values: typeof boothQuotaRules.$inferInsert) {
  const [row] = await tx
    .update(boothQuotaRules)
    .set({ areaPerBadge: values.areaPerBadge, minimum: values.minimum, maximum: values.maximum, updatedAt: new Date() })
    .where(eq(boothQuotaRules.boothType, values.boothType))
    .returning();
  return row;
}

/**
 * The companies that follow a booth type's rule (that type, no override; with `withUntyped` those without a type
 * too), locked in id order as every batch of companies is.
 */
export function lockCompaniesFollowing(tx: Executor, boothType: BoothType, withUntyped: boolean) {
  const type = withUntyped ? or(eq(exhibitors.boothType, boothType), isNull(exhibitors.boothType)) : eq(exhibitors.boothType, boothType);
  return tx.select().from(exhibitors).where(and(type, isNull(exhibitors.limitOverride))).orderBy(asc(exhibitors.id)).for('update');
}

export async function setCredentialLimit(tx: Executor, id: string, credentialLimit: number) {
  await tx.update(exhibitors).set({ credentialLimit, updatedAt: new Date() }).where(eq(exhibitors.id, id));
}

/** The paid extra badges of a company, in the caller's transaction. */
export async function sumPaidExtras(tx: Executor, exhibitorId: string) {
  const [row] = await tx
    .select({ value: sql<number>`coalesce(sum(${extraBadgeOrders.quantity}), 0)::int` })
    .from(extraBadgeOrders)
    .where(and(eq(extraBadgeOrders.exhibitorId, exhibitorId), eq(extraBadgeOrders.status, 'PAID')));
  return row?.value ?? 0;
}

/** The paid extra badges of several companies (a company without any is left out). */
export function sumPaidExtrasOf(db: Executor, exhibitorIds: readonly string[]) {
  if (!exhibitorIds.length) return Promise.resolve([]);
  return db
    .select({ exhibitorId: extraBadgeOrders.exhibitorId, value: sql<number>`sum(${extraBadgeOrders.quantity})::int` })
    .from(extraBadgeOrders)
    .where(and(inArray(extraBadgeOrders.exhibitorId, [...exhibitorIds]), eq(extraBadgeOrders.status, 'PAID')))
    .groupBy(extraBadgeOrders.exhibitorId);
}

export async function insertOrder(tx: Executor, values: typeof extraBadgeOrders.$inferInsert) {
  const [row] = await tx.insert(extraBadgeOrders).values(values).returning();
  if (!row) throw new Error('insert into extra_badge_orders returned no row');
  return row;
}

/** Locks one order (its company is locked first by the caller). */
export async function lockOrder(tx: Executor, id: string) {
  const [row] = await tx.select().from(extraBadgeOrders).where(eq(extraBadgeOrders.id, id)).for('update');
  return row;
}

export function findOrder(db: Executor, id: string) {
  return db.query.extraBadgeOrders.findFirst({ where: eq(extraBadgeOrders.id, id) });
}

export async function updateOrder(tx: Executor, id: string, values: Partial<typeof extraBadgeOrders.$inferInsert>) {
  const [row] = await tx.update(extraBadgeOrders).set(values).where(eq(extraBadgeOrders.id, id)).returning();
  return row;
}

/** A company's latest orders, newest first. */
export function listOwnOrders(db: Executor, exhibitorId: string, limit: number) {
  return db.select().from(extraBadgeOrders).where(eq(extraBadgeOrders.exhibitorId, exhibitorId)).orderBy(desc(extraBadgeOrders.createdAt)).limit(limit);
}

const orderConditions = (input: Pick<TExtraBadgeOrderListInput, 'status'>): SQL | undefined => (input.status ? eq(extraBadgeOrders.status, input.status) : undefined);

/** One page of the organizer's list, newest first, with the company's names and booth. */
export function listOrders(db: Executor, input: TExtraBadgeOrderListInput) {
  return db
    .select({ order: extraBadgeOrders, nameZh: exhibitors.nameZh, nameEn: exhibitors.nameEn, bootNumber: exhibitors.bootNumber })
    .from(extraBadgeOrders)
    .innerJoin(exhibitors, eq(exhibitors.id, extraBadgeOrders.exhibitorId))
    .where(orderConditions(input))
    .orderBy(desc(extraBadgeOrders.createdAt), desc(extraBadgeOrders.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
}

export async function countOrders(db: Executor, input: TExtraBadgeOrderListInput) {
  const [row] = await db.select({ value: count() }).from(extraBadgeOrders).where(orderConditions(input));
  return row?.value ?? 0;
}
