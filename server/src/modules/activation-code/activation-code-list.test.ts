import { ZActivationCodeListInput } from '@portal/shared/activation-code/activation-code.schema';
import { parseInput } from '../../lib/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, inArray, sql } from 'drizzle-orm';
import { ACTIVATION_CODE_STATUSES, type ActivationCodeStatus } from '@portal/shared/activation-code/activation-code.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import type { AccountModel } from '../account/account.models';
import { activationCodes } from './activation-code.tables';
import { compactActivationCodeCountDeltas } from './activation-code.repository';

const ORIGIN = { ip: '127.0.0.1', requestId: 'test' };
// Enough codes that a page in the middle skips more than NEAR_END_ROWS from either end (keys read first).
const BIG_BATCH = 2_600;

// The activation-code list reads its totals and the batches' counts from counts that triggers maintain
// (activation_code_count_deltas) and its deep pages from the nearer end: both must agree with the rows
// themselves, also after racing bindings, releases, voids and new batches (real races where DATABASE_URL
// names a PostgreSQL server; PGlite runs them one after another).
describe('the activation-code list at scale', () => {
  let app: TestApp;
  let organizer: AccountModel;

  beforeAll(async () => {
    app = await createTestApp();
    ({ account: organizer } = await createAccount(app, 'organizer', { roles: ['ROLE_PROJECT'] }));
    const viewer = await app.portal.app.services.accounts.viewerOf(organizer);
    await app.portal.app.services.activationCodeOffice.generate(viewer, { batch: 'big', count: BIG_BATCH }, ORIGIN);
    await app.portal.app.services.activationCodeOffice.generate(viewer, { batch: 'small', count: 45 }, ORIGIN);
    // Codes without a batch (as the demo's application seed stores them) and a few already bound and void.
    await app.portal.database.db.insert(activationCodes).values(Array.from({ length: 7 }, (_, index) => ({ code: `NOBATCH-${index}`, batch: null })));
    const some = await app.portal.database.db.select({ id: activationCodes.id }).from(activationCodes).limit(60);
    await app.portal.database.db.update(activationCodes).set({ status: 'BOUND' }).where(inArray(activationCodes.id, some.slice(0, 40).map((row) => row.id)));
    await app.portal.database.db.update(activationCodes).set({ status: 'VOID' }).where(inArray(activationCodes.id, some.slice(40).map((row) => row.id)));
  }, 300_000);
  afterAll(() => app.close());

  const services = () => app.portal.app.services;
  const list = async (input: Record<string, unknown>) => services().activationCodeOffice.list(await services().accounts.viewerOf(organizer), parseInput(ZActivationCodeListInput, input));

  /** What the list must say, counted from the rows, per batch and state. */
  async function countedFromRows() {
    const rows = await app.portal.database.db
      .select({ batch: activationCodes.batch, status: activationCodes.status, n: count(), first: sql<string>`min(${activationCodes.createdAt})` })
      .from(activationCodes)
      .groupBy(activationCodes.batch, activationCodes.status);
    return {
      rows,
      of: (batch: string | null, status: ActivationCodeStatus | null) =>
        rows.filter((row) => (!batch || row.batch === batch) && (!status || row.status === status)).reduce((sum, row) => sum + Number(row.n), 0),
    };
  }

  async function expectExactCounts() {
    const counted = await countedFromRows();
    for (const batch of [null, 'big', 'small', 'racing']) {
      for (const status of [null, ...ACTIVATION_CODE_STATUSES]) {
        const filter = { batch, status };
        expect({ filter, total: (await list({ filter, pageSize: 1 })).total }).toEqual({ filter, total: counted.of(batch, status) });
      }
    }
    // A one-character keyword (a code prefix) is counted from the maintained counts per first character.
    for (const keyword of ['A', 'n', '7', 'Z']) {
      for (const [batch, status] of [[null, null], ['big', 'UNUSED'], ['big', null], [null, 'BOUND'], ['racing', 'VOID']] as const) {
        const [matching] = await app.portal.database.db
          .select({ n: count() })
          .from(activationCodes)
          .where(
            sql`${activationCodes.code} like ${`${keyword.toUpperCase()}%`} and ${batch ? sql`${activationCodes.batch} = ${batch}` : sql`true`} and ${status ? sql`${activationCodes.status} = ${status}` : sql`true`}`,
          );
        const filter = { keyword, batch, status };
        expect({ filter, total: (await list({ filter, pageSize: 1 })).total }).toEqual({ filter, total: matching?.n });
      }
    }
    // The batches' summary (the filter's options): every batch with its counts, as the rows say.
    const batches = await services().activationCodeOffice.batches(await services().accounts.viewerOf(organizer));
    const exactly = (batch: string | null, status?: ActivationCodeStatus) =>
      counted.rows.filter((row) => row.batch === batch && (!status || row.status === status)).reduce((sum, row) => sum + Number(row.n), 0);
    const firstOf = (batch: string | null) => Math.min(...counted.rows.filter((row) => row.batch === batch).map((row) => new Date(row.first).getTime()));
    const byName = (a: { batch: string | null }, b: { batch: string | null }) => String(a.batch).localeCompare(String(b.batch));
    const expected = [...new Set(counted.rows.map((row) => row.batch))].map((batch) => ({
      batch,
      total: exactly(batch),
      unused: exactly(batch, 'UNUSED'),
      bound: exactly(batch, 'BOUND'),
      createdAt: firstOf(batch),
    }));
    expect(batches.map((row) => ({ batch: row.batch, total: row.total, unused: row.unused, bound: row.bound, createdAt: row.createdAt.getTime() })).sort(byName)).toEqual(expected.sort(byName));
  }

  /** Every page of a filter, one after the other. */
  async function allPages(filter: Record<string, unknown>, pageSize: number) {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const result = await list({ filter, page, pageSize });
      ids.push(...result.nodes.map((node) => node.id));
      if (page * pageSize >= result.total) return { ids, total: result.total };
    }
  }

  it('pages newest first through every page, read from either end, as the rows are ordered', async () => {
    const db = app.portal.database.db;
    for (const [filter, pageSize] of [
      [{}, 100],
      [{ batch: 'big' }, 100],
      [{ batch: 'big', status: 'UNUSED' }, 50],
      [{ status: 'BOUND' }, 7],
      // A one-character keyword: its total from the counts per first character, its pages as a batch's.
      [{ batch: 'big', keyword: 'a' }, 7],
    ] as const) {
      const expected = await db
        .select({ id: activationCodes.id })
        .from(activationCodes)
        .where(
          sql`${'batch' in filter ? sql`${activationCodes.batch} = ${filter.batch}` : sql`true`} and ${'status' in filter ? sql`${activationCodes.status} = ${filter.status}` : sql`true`} and ${'keyword' in filter ? sql`${activationCodes.code} like ${`${filter.keyword.toUpperCase()}%`}` : sql`true`}`,
        )
        .orderBy(desc(activationCodes.createdAt), desc(activationCodes.id));
      const paged = await allPages(filter, pageSize);
      expect(paged.total).toBe(expected.length);
      expect(paged.ids).toEqual(expected.map((row) => row.id));
    }
    // A page in the middle skips more than NEAR_END_ROWS from either end: its keys are read first.
    const middle = await list({ filter: { batch: 'big' }, page: 14, pageSize: 100 });
    expect(middle.nodes).toHaveLength(100);
    // Past the end: no rows, the exact total.
    const total = (await list({ pageSize: 1 })).total;
    expect(await list({ page: Math.ceil(total / 100) + 1, pageSize: 100 }).then((page) => ({ nodes: page.nodes, total: page.total }))).toEqual({ nodes: [], total });
    // A keyword counts its matches with its page.
    const prefix = (await db.select({ code: activationCodes.code }).from(activationCodes).where(sql`${activationCodes.batch} = 'big'`).limit(1))[0]?.code.slice(0, 2) ?? '';
    const [matching] = await db.select({ n: count() }).from(activationCodes).where(sql`${activationCodes.code} like ${`${prefix}%`}`);
    const keyword = await list({ filter: { keyword: prefix.toLowerCase() }, pageSize: 100 });
    expect(keyword.total).toBe(matching?.n);
    expect(keyword.nodes.every((node) => node.code.startsWith(prefix))).toBe(true);
    expect((await list({ filter: { keyword: prefix }, page: Math.ceil(keyword.total / 100) + 1, pageSize: 100 })).total).toBe(keyword.total);
  }, 120_000);

  it('keeps the counts exact through racing bindings, releases, voids and new batches', async () => {
    await expectExactCounts();
    const db = app.portal.database.db;
    const unused = await db.select({ id: activationCodes.id, code: activationCodes.code }).from(activationCodes).where(sql`${activationCodes.status} = 'UNUSED'`).limit(60);
    const viewer = await services().accounts.viewerOf(organizer);
    const racers: Array<Promise<unknown>> = [];
    for (let index = 0; index + 3 < unused.length; index += 3) {
      const [first, second, third] = [unused[index], unused[index + 1], unused[index + 2]];
      if (!first || !second || !third) continue;
      // The same code bound twice, bound and voided, bound then moved to another code: some fail, the counts never drift.
      racers.push(db.transaction((tx) => services().activationCodes.bind(tx, first.code, null)));
      racers.push(db.transaction((tx) => services().activationCodes.bind(tx, first.code, null)));
      racers.push(services().activationCodeOffice.void(viewer, second.id, ORIGIN));
      racers.push(db.transaction((tx) => services().activationCodes.bind(tx, second.code, null)));
      racers.push(db.transaction(async (tx) => services().activationCodes.bind(tx, third.code, await services().activationCodes.bind(tx, unused[index + 3]?.code ?? '', null))));
      racers.push(db.transaction((tx) => services().activationCodes.release(tx, [first.id])));
    }
    racers.push(services().activationCodeOffice.generate(viewer, { batch: 'racing', count: 300 }, ORIGIN));
    racers.push(services().activationCodeOffice.generate(viewer, { batch: 'small', count: 20 }, ORIGIN));
    const settled = await Promise.allSettled(racers);
    expect(settled.some((result) => result.status === 'fulfilled')).toBe(true);
    expect(settled.some((result) => result.status === 'rejected')).toBe(true);
    await expectExactCounts();
    await compactActivationCodeCountDeltas(db);
    await expectExactCounts();
  }, 120_000);
});
