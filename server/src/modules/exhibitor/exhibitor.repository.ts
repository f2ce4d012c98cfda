import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { readNewestFirst } from '../../lib/keyset';
import type { Executor } from '../../db/client';
import type { TExhibitorListInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { exhibitors } from './exhibitor.tables';
import type { ExhibitorChanges, NewExhibitor } from './exhibitor.models';

export function findExhibitorById(db: Executor, id: string) {
  return db.query.exhibitors.findFirst({ where: eq(exhibitors.id, id) });
}

/** The company whose logo the picture is (at most one: a unique index). */
export function findExhibitorByLogo(db: Executor, photoId: string) {
  return db.query.exhibitors.findFirst({ where: eq(exhibitors.logoPhotoId, photoId) });
}

export async function insertExhibitor(db: Executor, values: NewExhibitor & { credentialLimit: number }) {
  const [row] = await db.insert(exhibitors).values(values).returning();
  if (!row) throw new Error('insert into exhibitors returned no row');
  return row;
}

export async function updateExhibitor(tx: Executor, id: string, values: ExhibitorChanges) {
  const [row] = await tx
    .update(exhibitors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(exhibitors.id, id))
    .returning();
  return row;
}

/** Every company's id and names, by Chinese name (about 1,000 at a large show): the organizers' filter options. */
export function listExhibitorNames(db: Executor) {
  return db.select({ id: exhibitors.id, nameZh: exhibitors.nameZh, nameEn: exhibitors.nameEn, bootNumber: exhibitors.bootNumber }).from(exhibitors).orderBy(asc(exhibitors.nameZh));
}

function conditionsOf(filter: Pick<TExhibitorListInput, 'status' | 'keyword'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(exhibitors.status, filter.status));
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const keyword = or(
      ilike(exhibitors.nameZh, pattern),
      ilike(exhibitors.nameEn, pattern),
      ilike(exhibitors.bootNumber, pattern),
      ilike(exhibitors.contactName, pattern),
      ilike(exhibitors.contactMobile, pattern),
      ilike(exhibitors.contactEmail, pattern),
    );
    if (keyword) conditions.push(keyword);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of the organizer's list, newest first (from its nearer end once the total is known). */
export function listExhibitors(db: Executor, input: TExhibitorListInput, total?: number) {
  return readNewestFirst(db, exhibitors, conditionsOf(input), input.page, input.pageSize, total);
}

/** How many companies the list's filter matches. */
export async function countExhibitors(db: Executor, input: TExhibitorListInput) {
  const [total] = await db.select({ value: count() }).from(exhibitors).where(conditionsOf(input));
  return total?.value ?? 0;
}

/** Locks the company's row until the transaction ends (rules that count its records decide under it). */
export async function lockExhibitor(tx: Executor, id: string) {
  const [row] = await tx.select().from(exhibitors).where(eq(exhibitors.id, id)).for('update');
  return row;
}

export function findExhibitorsByIds(db: Executor, ids: readonly string[]) {
  return ids.length ? db.select().from(exhibitors).where(inArray(exhibitors.id, [...ids])) : Promise.resolve([]);
}
