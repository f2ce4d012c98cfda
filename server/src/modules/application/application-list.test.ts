import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ilike, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { shanghaiDate } from '@portal/shared/dates';
import { AUDIENCE_LIST_SORTS, REVIEW_STATUSES, type AudienceListSort, type ReviewStatus } from '@portal/shared/review/audience-list';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { audienceVisitDates, audiences } from '../../db/schema/index';
import { addDays } from '../../seed/demo-seed';
import { fillBulkApplications } from '../../seed/bulk-applications';
import { compactCountDeltas } from './application-list.repository';
import { likeContains } from '../../lib/sql-like';
import type { AccountModel } from '../account/account.models';

const ORIGIN = { ip: '127.0.0.1', requestId: 'test' };
// Enough for pages in the middle that skip more rows than DEEP_OFFSET (keys read first), and a short last page.
const APPLICATIONS = 2510;

// The approval list reads its totals from counts that triggers maintain (audience_count_deltas) and its
// deep pages from the far end: both must agree with the rows themselves, also after racing decisions
// (real races where DATABASE_URL names a PostgreSQL server; PGlite runs them one after another).
describe('the approval list at scale', () => {
  let app: TestApp;
  let organizer: AccountModel;
  const days = [10, 11, 12].map((offset) => addDays(shanghaiDate(new Date()), offset));

  beforeAll(async () => {
    app = await createTestApp();
    for (const day of days) await app.portal.app.services.show.upsertShowDay({ day, capacity: 1_000_000, deadline: new Date(`${day}T09:00:00+08:00`) });
    await fillBulkApplications(app.portal, APPLICATIONS);
    await nameTheSearchCases();
    ({ account: organizer } = await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] }));
  }, 300_000);
  afterAll(() => app.close());

  const services = () => app.portal.app.services;

  /**
   * Names and mobiles the keyword must treat as ILIKE does (set by updates, as an edit would: the grams'
   * update trigger keeps them): LIKE's wildcards and its escape in names, digits, mixed case, a repeated
   * character, a name found also by its mobile, a mobile found without its name; and 1,200 names with an
   * "x", so that a keyword's pages reach past the near end (read from the far end, keys first).
   */
  async function nameTheSearchCases() {
    const db = app.portal.database.db;
    const rows = await db.select({ id: audiences.id }).from(audiences).where(isNotNull(audiences.submittedAt)).orderBy(audiences.id).limit(1300);
    const special: Array<[string, string | null]> = [
      ['100%王', null],
      ['王_明', null],
      ['a_b Ma', null],
      ['AbC12 Li', null],
      ['C:\\path 王', null],
      ['王王', null],
      ['MiXeD Case', null],
      ['Ivan Petrov', 'VA'],
      ['Zhou Li', 'AN'],
      ['', null],
    ];
    for (const [index, [name, mobile]] of special.entries()) {
      await db.update(audiences).set({ name, ...(mobile ? { mobile } : {}) }).where(eq(audiences.id, rows[index]!.id));
    }
    await db.update(audiences).set({ name: null }).where(eq(audiences.id, rows[special.length]!.id));
    const withX = rows.slice(50, 1250).map((row) => row.id);
    await db.update(audiences).set({ name: sql`${audiences.name} || 'x'` }).where(inArray(audiences.id, withX));
  }

  /** Keywords of one and two characters (the grams answer them) and longer ones (the name index does). */
  const KEYWORDS = ['王', '王伟', '伟', 'x', 'X', 'an', 'AN', 'An', 'va', 'li', ' l', '%', '_', '%王', '王_', 'a_', '\\', '1', '12', 'c1', 'C', 'e C', 'zz', '王明', '100%'];

  /** What ILIKE finds, as the list read it before the grams: the name contains the (trimmed) keyword, or the mobile is it. */
  async function foundByIlike(typed: string, statuses: readonly ReviewStatus[]) {
    const keyword = typed.trim();
    const rows = await app.portal.database.db
      .select({ id: audiences.id })
      .from(audiences)
      .where(
        and(
          isNotNull(audiences.submittedAt),
          statuses.length ? inArray(audiences.approveStatus, [...statuses]) : undefined,
          or(ilike(audiences.name, likeContains(keyword)), eq(audiences.mobile, keyword.toUpperCase().replace(/\s+/g, ''))),
        ),
      );
    return rows.map((row) => row.id).sort();
  }
  const list = async (input: Record<string, unknown>) => services().review.list(await services().accounts.viewerOf(organizer), input);

  async function allPages(sort: AudienceListSort, pageSize: number, filter: Record<string, unknown> = {}) {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const result = await list({ filter, sort, page, pageSize });
      ids.push(...result.nodes.map((node) => node.id));
      if (page * pageSize >= result.total) return { ids, total: result.total };
    }
  }

  /** What the list must say, counted from the rows: per state (day null) and per state and day. */
  async function countedFromRows() {
    const db = app.portal.database.db;
    const submitted = isNotNull(audiences.submittedAt);
    const perStatus = await db.select({ status: audiences.approveStatus, n: count() }).from(audiences).where(submitted).groupBy(audiences.approveStatus);
    const perDay = await db
      .select({ status: audiences.approveStatus, day: audienceVisitDates.day, n: count() })
      .from(audiences)
      .innerJoin(audienceVisitDates, eq(audienceVisitDates.audienceId, audiences.id))
      .where(submitted)
      .groupBy(audiences.approveStatus, audienceVisitDates.day);
    return (status: string | null, day: string | null) =>
      (day ? perDay.filter((row) => row.day === day) : perStatus).filter((row) => !status || row.status === status).reduce((sum, row) => sum + Number(row.n), 0);
  }

  async function expectExactCounts() {
    const expected = await countedFromRows();
    for (const status of [null, ...REVIEW_STATUSES]) {
      for (const day of [null, ...days]) {
        const { total } = await list({ filter: { statuses: status ? [status] : [], visitDate: day }, pageSize: 1 });
        expect({ status, day, total }).toEqual({ status, day, total: expected(status, day) });
      }
    }
    // The grams themselves: exactly those of the submitted names as they are now, no row missing or left over.
    const [drift] = await app.portal.database.db.select({ n: sql<number>`count(*)::int` }).from(sql`(
        (select gram, approve_status, submitted_at, audience_id from audience_name_grams
         except all
         select g.gram, a.approve_status, a.submitted_at, a.id from audiences a, audience_name_grams(a.name) as g(gram) where a.submitted_at is not null)
        union all
        (select g.gram, a.approve_status, a.submitted_at, a.id from audiences a, audience_name_grams(a.name) as g(gram) where a.submitted_at is not null
         except all
         select gram, approve_status, submitted_at, audience_id from audience_name_grams)
      ) as difference`);
    expect(Number(drift?.n)).toBe(0);
    for (const keyword of ['王', '王伟', 'x', 'an']) {
      for (const status of [null, ...REVIEW_STATUSES]) {
        const statuses = status ? [status] : [];
        const expected = await foundByIlike(keyword, statuses);
        const first = await list({ filter: { keyword, statuses }, pageSize: 100 });
        expect({ keyword, status, total: first.total }).toEqual({ keyword, status, total: expected.length });
        expect(first.nodes.map((node) => node.id).every((id) => expected.includes(id))).toBe(true);
      }
    }
  }

  it('pages through every order the same way from either end, each row once', async () => {
    for (const sort of AUDIENCE_LIST_SORTS) {
      const small = await allPages(sort, 50);
      const large = await allPages(sort, 100);
      expect(small.total).toBe(APPLICATIONS);
      expect(new Set(small.ids).size).toBe(APPLICATIONS);
      expect(small.ids).toEqual(large.ids);
    }
    const newestFirst = await list({ sort: 'SUBMITTED_DESC', page: 1, pageSize: 100 });
    const times = newestFirst.nodes.map((node) => node.submittedAt?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const last = await list({ sort: 'SUBMITTED_DESC', page: 126, pageSize: 20 });
    const oldest = await list({ sort: 'SUBMITTED_ASC', page: 1, pageSize: 20 });
    expect(last.nodes.map((node) => node.id)).toEqual(oldest.nodes.slice(0, 10).map((node) => node.id).reverse());
    expect((await list({ page: 127, pageSize: 20 })).nodes).toEqual([]);
  }, 120_000);

  it('pages a filtered list (state, visit day, keyword) from either end', async () => {
    const filter = { statuses: ['WAIT', 'DONE'], visitDate: days[1] };
    const small = await allPages('SUBMITTED_DESC', 20, filter);
    expect(small.ids).toEqual((await allPages('SUBMITTED_DESC', 100, filter)).ids);
    expect(new Set(small.ids).size).toBe(small.total);
    const keyword = await allPages('NAME_ASC', 50, { keyword: '王' });
    const named = await app.portal.database.db
      .select({ id: audiences.id })
      .from(audiences)
      .where(and(isNotNull(audiences.submittedAt), like(audiences.name, '%王%')));
    expect(keyword.total).toBeGreaterThan(0);
    expect([...keyword.ids].sort()).toEqual(named.map((row) => row.id).sort());
    // Past the end, a page that counts its own matches still states the total.
    const pastTheEnd = await list({ filter: { keyword: '王' }, sort: 'NAME_ASC', page: Math.ceil(keyword.total / 50) + 1, pageSize: 50 });
    expect({ nodes: pastTheEnd.nodes, total: pastTheEnd.total }).toEqual({ nodes: [], total: keyword.total });
    // The visit days a page reads with its rows are the stored ones.
    const page = await list({ filter, page: 2, pageSize: 20 });
    const byKey = (row: { audienceId: string; day: string }) => `${row.audienceId} ${row.day}`;
    const carried = page.nodes.flatMap((node) => node.alongside?.visitDates ?? []);
    const stored = await services().applications.visitDatesOfMany(page.nodes.map((node) => node.id));
    expect(carried.sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual([...stored].sort((a, b) => byKey(a).localeCompare(byKey(b))));
  }, 60_000);

  it('finds with the name grams exactly what ILIKE finds, in every order, from either end', async () => {
    const toDay = (date: Date) => shanghaiDate(date);
    const [oldest] = (await list({ sort: 'SUBMITTED_ASC', page: 1, pageSize: 1 })).nodes;
    const from = addDays(toDay(oldest!.submittedAt!), 30);
    for (const keyword of KEYWORDS) {
      for (const statuses of [[], ['WAIT'], ['DONE', 'REFUSE']] satisfies ReviewStatus[][]) {
        const expected = await foundByIlike(keyword, statuses);
        for (const sort of AUDIENCE_LIST_SORTS) {
          const filter = { keyword, statuses };
          const paged = await allPages(sort, keyword === 'x' ? 20 : 100, filter);
          expect({ keyword, statuses, sort, total: paged.total }).toEqual({ keyword, statuses, sort, total: expected.length });
          expect([...paged.ids].sort()).toEqual(expected);
          // The same order as the export, which reads the rows themselves.
          const exported: string[] = [];
          for await (const batch of services().applications.iterate({ filter, sort })) exported.push(...batch.map((row) => row.id));
          expect(paged.ids).toEqual(exported);
        }
        // With submission dates (the grams hold them too).
        const dated = await allPages('SUBMITTED_DESC', 100, { keyword, statuses, submittedFrom: from });
        const exported: string[] = [];
        for await (const batch of services().applications.iterate({ filter: { keyword, statuses, submittedFrom: from }, sort: 'SUBMITTED_DESC' })) exported.push(...batch.map((row) => row.id));
        expect({ keyword, total: dated.total, ids: dated.ids }).toEqual({ keyword, total: exported.length, ids: exported });
      }
    }
    // A page past the end still states the total.
    const withX = (await foundByIlike('x', [])).length;
    expect(withX).toBeGreaterThan(1200);
    expect(await list({ filter: { keyword: 'x' }, page: Math.ceil(withX / 100) + 1, pageSize: 100 })).toMatchObject({ nodes: [], total: withX });
  }, 600_000);

  it('keeps the counts exact through racing approvals, refusals, revocations, withdrawals and new applications', async () => {
    await expectExactCounts();
    const waiting = await app.portal.database.db
      .select({ id: audiences.id, accountId: audiences.accountId })
      .from(audiences)
      .where(and(eq(audiences.approveStatus, 'WAIT'), isNotNull(audiences.submittedAt)))
      .limit(40);
    const done = await app.portal.database.db.select({ id: audiences.id }).from(audiences).where(eq(audiences.approveStatus, 'DONE')).limit(10);
    const viewer = await services().accounts.viewerOf(organizer);
    const ids = waiting.map((row) => row.id);
    const racers: Array<Promise<unknown>> = [];
    for (let index = 0; index < ids.length; index += 4) {
      // Overlapping batches: the same application approved, refused and withdrawn at once; some fail, the counts never drift.
      racers.push(services().review.approve(viewer, { ids: ids.slice(index, index + 4) }, ORIGIN));
      racers.push(services().review.refuse(viewer, { ids: ids.slice(index + 2, index + 6), reason: 'blurred photo' }, ORIGIN));
      racers.push(services().personalData.withdraw(waiting[index + 1]!.accountId, ORIGIN));
    }
    racers.push(services().review.refuse(viewer, { ids: done.map((row) => row.id), reason: 'revoked' }, ORIGIN));
    racers.push(fillBulkApplications(app.portal, 20));
    // Names edited while they are decided: the grams follow both the name and the state.
    for (let index = 0; index < ids.length; index += 8) {
      const renamed = ids.slice(index, index + 6);
      racers.push(app.portal.database.db.update(audiences).set({ name: sql`'王' || ${audiences.name}` }).where(inArray(audiences.id, renamed)));
      racers.push(app.portal.database.db.update(audiences).set({ name: sql`replace(${audiences.name}, 'x', '')` }).where(inArray(audiences.id, renamed)));
    }
    const settled = await Promise.allSettled(racers);
    expect(settled.some((result) => result.status === 'fulfilled')).toBe(true);
    await expectExactCounts();
    await compactCountDeltas(app.portal.database.db);
    await expectExactCounts();
  }, 60_000);
  it('gives an export the list\'s rows in the list\'s order, batch after batch, in every order and with a filter', async () => {
    const db = app.portal.database.db;
    // Ties that only the id breaks, on the microsecond (a JavaScript Date would lose it), and names erased to null.
    const rows = await db.select({ id: audiences.id }).from(audiences).where(isNotNull(audiences.submittedAt)).orderBy(audiences.id).limit(60);
    await db.execute(sql`update audiences set submitted_at = '2025-01-01 10:00:00.123456+00' where id in (${sql.join(rows.slice(0, 40).map((row) => sql`${row.id}::uuid`), sql`, `)})`);
    await db.update(audiences).set({ name: null }).where(inArray(audiences.id, rows.slice(30, 60).map((row) => row.id)));
    const exported = async (sort: AudienceListSort, filter: Record<string, unknown>) => {
      const ids: string[] = [];
      for await (const batch of services().applications.iterate({ filter: { statuses: [], ...filter }, sort })) ids.push(...batch.map((row) => row.id));
      return ids;
    };
    for (const sort of AUDIENCE_LIST_SORTS) {
      const listed = await allPages(sort, 100);
      expect(listed.ids.length).toBeGreaterThan(2_000);
      expect(await exported(sort, {}), sort).toEqual(listed.ids);
    }
    const filter = { statuses: ['WAIT', 'DONE'], visitDate: days[1] };
    expect(await exported('STATUS_ASC', filter)).toEqual((await allPages('STATUS_ASC', 100, filter)).ids);
  }, 120_000);
});
