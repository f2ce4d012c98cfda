import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newestFirst, newestFirstPages, olderThan, readNewestFirst } from '../../lib/keyset';
import { activationCodeCountDeltas, activationCodeLeadCountDeltas, activationCodes } from './activation-code.tables';
import type { ActivationCodeConditions, ActivationCodeStatus } from './activation-code.models';

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

/**
 * The codes as one PostgreSQL text array literal (`{"A","B"}`), bound as a single parameter: a chunk of
 * 5,000 codes is one value to build, send and parse, not 5,000 (or 10,000 with the batch) parameters,
 * each an object in Drizzle and the driver — the import's memory went there (docs/decisions/0606-activation-code-list-at-scale.md).
 */
function textArray(values: readonly string[]) {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`;
}

/** Inserts the codes (existing ones are skipped) and returns how many were inserted. */
export async function insertActivationCodes(db: Executor, codes: readonly string[], batch: string | null) {
  if (codes.length === 0) return 0;
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const result = (await db.execute(sql`
    with inserted as (
      insert into ${activationCodes} (code, batch) select code, ${batch}::text from unnest(${textArray(codes)}::text[]) as given(code)
      on conflict do nothing returning 1)
    select count(*)::int as inserted from inserted`)) as unknown as { rows: Array<{ inserted: number }> };
  return Number(result.rows[0]?.inserted ?? 0);
}

/** Inserts a few codes and returns those inserted (a code that exists already is not). */
export function insertActivationCodesReturning(db: Executor, codes: readonly string[], batch: string) {
  return db
    .insert(activationCodes)
    .values(codes.map((code) => ({ code, batch })))
    .onConflictDoNothing()
    .returning({ id: activationCodes.id, code: activationCodes.code });
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

function conditionsOf(filter: ActivationCodeConditions) {
  const prefix = filter.codePrefix?.replace(/[\\%_]/g, (char) => `\\${char}`);
  return and(
    filter.status ? eq(activationCodes.status, filter.status) : undefined,
    filter.batch ? eq(activationCodes.batch, filter.batch) : undefined,
    prefix ? or(like(activationCodes.code, `${prefix}%`), filter.boundIds?.length ? inArray(activationCodes.id, [...filter.boundIds]) : undefined) : undefined,
  );
}

// The order of activation_codes_created_idx and of the status, batch and batch-and-status indexes.
const ORDER = newestFirst(activationCodes);

/**
 * The filter parts the maintained counts answer: a state and a batch (activation_code_count_deltas), and with
 * them a one-character keyword, the code's first character (activation_code_lead_count_deltas) plus the few
 * codes of applicants named so (`boundIds`) that do not start with it. Null for a longer keyword.
 */
export function countKeyOf(filter: ActivationCodeConditions): { status: ActivationCodeStatus | null; batch: string | null; lead: string | null; boundIds: readonly string[] } | null {
  const status = filter.status ?? null;
  const batch = filter.batch || null;
  if (!filter.codePrefix) return { status, batch, lead: null, boundIds: [] };
  // One character as PostgreSQL's left(code, 1) takes it (a code point), the same the LIKE prefix matches.
  if ([...filter.codePrefix].length !== 1) return null;
  return { status, batch, lead: filter.codePrefix, boundIds: filter.boundIds ?? [] };
}

/** The exact count of a state / batch (/ first character) filter, summed from the maintained changes; `changes`: how many rows were summed. */
export async function countFromDeltas(db: Executor, countKey: NonNullable<ReturnType<typeof countKeyOf>>) {
  const deltas = countKey.lead === null ? activationCodeCountDeltas : activationCodeLeadCountDeltas;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${deltas.delta}), 0)::int`, changes: sql<number>`count(*)::int` })
    .from(deltas)
    .where(
      and(
        countKey.lead === null ? undefined : eq(activationCodeLeadCountDeltas.lead, countKey.lead),
        countKey.batch ? eq(deltas.batch, countKey.batch) : undefined,
        countKey.status ? eq(deltas.status, countKey.status) : undefined,
      ),
    );
  let total = Number(row?.total ?? 0);
  if (countKey.lead !== null && countKey.boundIds.length > 0) {
    // The keyword also finds codes by their applicant's name: those that do not start with it are added.
    const [other] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(activationCodes)
      .where(
        and(
          inArray(activationCodes.id, [...countKey.boundIds]),
          countKey.batch ? eq(activationCodes.batch, countKey.batch) : undefined,
          countKey.status ? eq(activationCodes.status, countKey.status) : undefined,
          sql`left(${activationCodes.code}, 1) <> ${countKey.lead}`,
        ),
      );
    total += Number(other?.n ?? 0);
  }
  return { total, changes: Number(row?.changes ?? 0) };
}

/** Folds the counts' changes into one row per key (both tables). Safe beside writers and other folds: each row is deleted once. */
export async function compactActivationCodeCountDeltas(db: Executor) {
  await db.execute(sql`
    with folded as (delete from ${activationCodeCountDeltas} returning batch, status, first_created_at, delta)
    insert into ${activationCodeCountDeltas} (batch, status, first_created_at, delta)
    select batch, status, min(first_created_at), sum(delta) from folded group by batch, status having sum(delta) <> 0`);
  await db.execute(sql`
    with folded as (delete from ${activationCodeLeadCountDeltas} returning lead, batch, status, delta)
    insert into ${activationCodeLeadCountDeltas} (lead, batch, status, delta)
    select lead, batch, status, sum(delta) from folded group by lead, batch, status having sum(delta) <> 0`);
}

/** One page of a filter, newest first; with its exact total known, a page in the second half is read from the end. */
export function listActivationCodes(db: Executor, filter: ActivationCodeConditions, page: number, pageSize: number, total?: number) {
  return readNewestFirst(db, activationCodes, conditionsOf(filter), page, pageSize, total);
}

/**
 * A page and the exact total of a filter the maintained counts do not cover (a keyword), in one statement.
 * The count is a subquery (planned on its own: the code-prefix index, then the matches' index entries)
 * rather than a window over the page's rows: with `count(*) over ()` the planner costs the window as if
 * the LIMIT stopped it early and walks the whole list in its order (100,000 rows for 6,000 matches).
 * `total` is null when the page is past the end (no row carries it).
 */
export async function countedActivationCodePage(db: Executor, filter: ActivationCodeConditions, page: number, pageSize: number) {
  const where = conditionsOf(filter);
  const rows = await db
    .select({ code: activationCodes, total: sql<number>`(select count(*)::int from ${activationCodes} where ${where ?? sql`true`})` })
    .from(activationCodes)
    .where(where)
    .orderBy(...ORDER)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: rows[0] === undefined ? null : Number(rows[0].total), nodes: rows.map((row) => row.code) };
}

/** The exact number of codes a filter matches, by reading them. */
export async function countActivationCodes(db: Executor, filter: ActivationCodeConditions) {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(activationCodes).where(conditionsOf(filter));
  return Number(row?.total ?? 0);
}

/**
 * Every batch name with its count per status (the filter's options and the page's summary), summed from
 * the maintained changes; `changes`: how many rows were summed.
 */
export async function activationCodeBatches(db: Executor) {
  const rows = await db
    .select({
      batch: activationCodeCountDeltas.batch,
      total: sql<number>`sum(${activationCodeCountDeltas.delta})::int`,
      unused: sql<number>`coalesce(sum(${activationCodeCountDeltas.delta}) filter (where ${activationCodeCountDeltas.status} = 'UNUSED'), 0)::int`,
      bound: sql<number>`coalesce(sum(${activationCodeCountDeltas.delta}) filter (where ${activationCodeCountDeltas.status} = 'BOUND'), 0)::int`,
      createdAt: sql<Date>`min(${activationCodeCountDeltas.firstCreatedAt})`.mapWith(activationCodeCountDeltas.firstCreatedAt),
      changes: sql<number>`count(*)::int`,
    })
    .from(activationCodeCountDeltas)
    .groupBy(activationCodeCountDeltas.batch)
    .having(sql`sum(${activationCodeCountDeltas.delta}) <> 0`)
    .orderBy(sql`min(${activationCodeCountDeltas.firstCreatedAt}) desc`);
  return {
    batches: rows.map(({ changes: _changes, ...row }) => ({ ...row, total: Number(row.total), unused: Number(row.unused), bound: Number(row.bound) })),
    changes: rows.reduce((sum, row) => sum + Number(row.changes), 0),
  };
}

/** The filtered codes in pages of `size`, newest first, by keyset (an export never holds them all). */
export function iterateActivationCodes(db: Executor, filter: ActivationCodeConditions, size: number) {
  const where = conditionsOf(filter);
  return newestFirstPages((after) => db.select().from(activationCodes).where(and(where, olderThan(activationCodes, after))).orderBy(...ORDER).limit(size), size);
}

/** Which of the codes exist already. */
export async function existingActivationCodes(db: Executor, codes: readonly string[]) {
  if (codes.length === 0) return new Set<string>();
  const rows = await db
    .select({ code: activationCodes.code })
    .from(activationCodes)
    .where(sql`${activationCodes.code} = any(${textArray(codes)}::text[])`);
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

export async function vacuumActivationCodes(db: Executor) {
  await db.execute(sql`vacuum (analyze) ${activationCodes}`);
}
