import { and, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newestFirstPages, olderThan } from '../../lib/keyset';
import { activationCodes } from './activation-code.tables';
import type { ActivationCodeStatus } from './activation-code.models';

export async function lockActivationCode(tx: Executor, code: string) {
  const [row] = await tx.select().from(activationCodes).where(eq(activationCodes.code, code)).for('update');
  return row;
}

export async function setActivationCodeStatus(tx: Executor, ids: readonly string[], status: ActivationCodeStatus) {
  if (ids.length === 0) return;
  await tx
    .update(activationCodes)
    .set({ status, boundAt: status === 'BOUND' ? new Date() : null })
    .where(inArray(activationCodes.id, [...ids]));
}

/** Inserts the codes (existing ones are skipped) and returns the ones inserted. */
export async function insertActivationCodes(db: Executor, codes: readonly string[], batch: string | null) {
  if (codes.length === 0) return [];
  const rows = await db
    .insert(activationCodes)
    .values(codes.map((code) => ({ code, batch })))
    .onConflictDoNothing()
    .returning({ code: activationCodes.code });
  return rows.map((row) => row.code);
}

export async function findActivationCodeValue(db: Executor, id: string) {
  const [row] = await db.select({ code: activationCodes.code }).from(activationCodes).where(eq(activationCodes.id, id));
  return row?.code ?? null;
}

export async function listUnusedActivationCodes(db: Executor, limit: number) {
  const rows = await db
    .select({ code: activationCodes.code })
    .from(activationCodes)
    .where(eq(activationCodes.status, 'UNUSED'))
    .orderBy(activationCodes.code)
    .limit(limit);
  return rows.map((row) => row.code);
}

/** What the organizers' list filters on; `boundIds` are the codes of applicants matching the keyword. */
export interface ActivationCodeConditions {
  status?: ActivationCodeStatus | null;
  batch?: string | null;
  codePrefix?: string | null;
  boundIds?: readonly string[];
}

function conditionsOf(filter: ActivationCodeConditions) {
  const prefix = filter.codePrefix?.replace(/[\\%_]/g, (char) => `\\${char}`);
  return and(
    filter.status ? eq(activationCodes.status, filter.status) : undefined,
    filter.batch ? eq(activationCodes.batch, filter.batch) : undefined,
    prefix ? or(like(activationCodes.code, `${prefix}%`), filter.boundIds?.length ? inArray(activationCodes.id, [...filter.boundIds]) : undefined) : undefined,
  );
}

/** One page, newest first (created_at, id: the index `activation_codes_created_idx`), and the total. */
export async function listActivationCodes(db: Executor, filter: ActivationCodeConditions, page: number, pageSize: number) {
  const where = conditionsOf(filter);
  const [nodes, [counted]] = await Promise.all([
    db
      .select()
      .from(activationCodes)
      .where(where)
      .orderBy(desc(activationCodes.createdAt), desc(activationCodes.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(activationCodes).where(where),
  ]);
  return { nodes, total: Number(counted?.total ?? 0) };
}

/** Every batch name with its count per status (the filter's options and the page's summary). */
export async function activationCodeBatches(db: Executor) {
  const rows = await db
    .select({
      batch: activationCodes.batch,
      total: sql<number>`count(*)::int`,
      unused: sql<number>`count(*) filter (where ${activationCodes.status} = 'UNUSED')::int`,
      bound: sql<number>`count(*) filter (where ${activationCodes.status} = 'BOUND')::int`,
      createdAt: sql<Date>`min(${activationCodes.createdAt})`.mapWith(activationCodes.createdAt),
    })
    .from(activationCodes)
    .groupBy(activationCodes.batch)
    .orderBy(sql`min(${activationCodes.createdAt}) desc`);
  return rows.map((row) => ({ ...row, total: Number(row.total), unused: Number(row.unused), bound: Number(row.bound) }));
}

/** The filtered codes in pages of `size`, newest first, by keyset (an export never holds them all). */
export function iterateActivationCodes(db: Executor, filter: ActivationCodeConditions, size: number) {
  const where = conditionsOf(filter);
  return newestFirstPages(
    (after) => db.select().from(activationCodes).where(and(where, olderThan(activationCodes, after))).orderBy(desc(activationCodes.createdAt), desc(activationCodes.id)).limit(size),
    size,
  );
}

/** Which of the codes exist already. */
export async function existingActivationCodes(db: Executor, codes: readonly string[]) {
  if (codes.length === 0) return new Set<string>();
  const rows = await db.select({ code: activationCodes.code }).from(activationCodes).where(inArray(activationCodes.code, [...codes]));
  return new Set(rows.map((row) => row.code));
}

export async function lockActivationCodeById(tx: Executor, id: string) {
  const [row] = await tx.select().from(activationCodes).where(eq(activationCodes.id, id)).for('update');
  return row;
}

export async function findActivationCodesByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.select().from(activationCodes).where(inArray(activationCodes.id, [...ids]));
}
