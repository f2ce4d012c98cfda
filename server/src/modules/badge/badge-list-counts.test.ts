import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { ZBadgeListInput } from '@portal/shared/badge/badge.schema';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '@portal/shared/submission/submission.schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { idNumberColumns } from '../../lib/personal-data-cipher';
import { likeContains } from '../../lib/sql-like';
import type { AccountModel } from '../account/account.models';
import { badges } from './badge.tables';
import { compactBadgeCountDeltas, readGramFrequencies } from './badge.repository';

const ORIGIN = { ip: '127.0.0.1', requestId: 'test' };
// Enough badges that a page in the middle skips more than NEAR_END_ROWS from either end (keys read first).
const BADGES = 2_300;
// Names and pinyin the keyword must treat as ILIKE does: cases, wildcards, a backslash, spaces, CJK.
const PEOPLE = [
  ['王伟', 'Wang Wei'],
  ['李娜', 'Li Na'],
  ['黄旺', 'HUANG wang'],
  ['Ann_%', 'ann\\x'],
  ['张 敏', 'Zhang  Min'],
  ['王', 'Wáng'],
] as const;
// Keywords: a name's substring in other cases, one and two characters, wildcards, an ID number's last four, none.
const KEYWORDS = ['wang', 'WANG', 'ng w', '王', '王伟', 'an', 'n', 'á', 'n_', '%', '\\', 'ann\\', '0042', 'zz'];

// The badge queues read their totals (and the dashboard its figures) from counts that triggers maintain
// (badge_count_deltas) and their deep pages from the nearer end: both must agree with the rows
// themselves, also after racing decisions, deletions and new badges (real races where DATABASE_URL names
// a PostgreSQL server; PGlite runs them one after another).
describe('the badge queue at scale', () => {
  let app: TestApp;
  let reviewer: AccountModel;
  const members: AccountModel[] = [];
  let serial = 0;

  /** Badges straight into the table (as the bulk seed does), spread over the companies; many share a creation instant. */
  async function insertBadges(size: number) {
    const now = Date.now();
    await app.portal.database.db.insert(badges).values(
      Array.from({ length: size }, () => {
        serial += 1;
        const roll = (serial * 7919) % 100;
        const status: SubmissionStatus = roll < 40 ? 'PENDING' : roll < 90 ? 'APPROVED' : 'REJECTED';
        const createdAt = new Date(now - Math.floor(serial / 3) * 1000);
        return {
          exhibitorId: members[serial % members.length]?.exhibitorId ?? '',
          status,
          name: PEOPLE[serial % PEOPLE.length]?.[0] ?? '',
          namePinyin: PEOPLE[serial % PEOPLE.length]?.[1] ?? '',
          countryCode: '+86',
          phoneNumber: `137${String(serial).padStart(8, '0')}`,
          email: `staff${serial}@example.com`,
          idType: 'PASSPORT' as const,
          ...idNumberColumns(`E${String(serial).padStart(8, '0')}`),
          country: 'CN',
          deptName: '市场部',
          position: '专员',
          companyNameZh: '测试摩托',
          companyNameEn: 'Test Moto',
          rejectReason: status === 'REJECTED' ? '照片不清晰' : null,
          truthConfirmedAt: createdAt,
          sensitiveConsentAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
  }

  beforeAll(async () => {
    app = await createTestApp();
    for (let index = 0; index < 3; index += 1) members.push((await createAccount(app, 'exhibitor', { credentialLimit: 10_000 })).account);
    ({ account: reviewer } = await createAccount(app, 'organizer', { roles: ['ROLE_EXHIBITOR'] }));
    await insertBadges(BADGES);
    // Statistics, as after an import (the bulk seed analyzes too): the keyword's pair is chosen from them.
    await app.portal.database.db.execute(sql`analyze badge_search_grams`);
  }, 300_000);
  afterAll(() => app.close());

  const services = () => app.portal.app.services;
  const queue = async (input: Record<string, unknown>) => services().badges.queue(await services().accounts.viewerOf(reviewer), ZBadgeListInput.parse(input));

  function whereOf(filter: { exhibitorId?: string; status?: SubmissionStatus }): SQL | undefined {
    return and(filter.exhibitorId ? eq(badges.exhibitorId, filter.exhibitorId) : undefined, filter.status ? eq(badges.status, filter.status) : undefined);
  }

  async function expectExactCounts() {
    const db = app.portal.database.db;
    for (const exhibitorId of [undefined, ...members.map((member) => member.exhibitorId ?? '')]) {
      for (const status of [undefined, ...SUBMISSION_STATUSES]) {
        const filter = { exhibitorId, status };
        const [counted] = await db.select({ n: count() }).from(badges).where(whereOf(filter));
        expect({ filter, total: (await queue({ ...filter, pageSize: 1 })).total }).toEqual({ filter, total: counted?.n });
      }
    }
    // The exhibitor's own list, and the dashboard's figures per state.
    const member = members[0];
    if (!member) throw new Error('no company');
    const [own] = await db.select({ n: count() }).from(badges).where(eq(badges.exhibitorId, member.exhibitorId ?? ''));
    expect((await services().badges.ownList(await services().accounts.viewerOf(member), ZBadgeListInput.parse({ pageSize: 1 }))).total).toBe(own?.n);
    const perStatus = await db.select({ status: badges.status, count: count() }).from(badges).groupBy(badges.status);
    const byStatus = (a: { status: string }, b: { status: string }) => a.status.localeCompare(b.status);
    expect((await services().badges.countByStatus()).sort(byStatus)).toEqual(perStatus.sort(byStatus));
  }

  it('pages newest first through every page, read from either end, as the rows are ordered', async () => {
    const db = app.portal.database.db;
    for (const [filter, pageSize] of [
      [{}, 100],
      [{ status: 'PENDING' as const }, 50],
      [{ exhibitorId: members[1]?.exhibitorId ?? '', status: 'APPROVED' as const }, 9],
    ] as const) {
      const expected = await db.select({ id: badges.id }).from(badges).where(whereOf(filter)).orderBy(desc(badges.createdAt), desc(badges.id));
      const ids: string[] = [];
      let total = 0;
      for (let page = 1; ; page += 1) {
        const result = await queue({ ...filter, page, pageSize });
        ids.push(...result.nodes.map((node) => node.id));
        total = result.total;
        if (page * pageSize >= result.total) break;
      }
      expect(total).toBe(expected.length);
      expect(ids).toEqual(expected.map((row) => row.id));
    }
    // Past the end: no rows, the exact total; a keyword counts its matches with its page.
    expect(await queue({ page: Math.ceil(BADGES / 100) + 1, pageSize: 100 }).then((page) => ({ nodes: page.nodes, total: page.total }))).toEqual({ nodes: [], total: BADGES });
    const wang = await foundByIlike('wang', { status: 'PENDING' });
    expect((await queue({ status: 'PENDING', keyword: 'wang', page: 100, pageSize: 20 })).total).toBe(wang.length);
  }, 120_000);

  /** What ILIKE finds (the queue's statement before the grams), newest first. */
  async function foundByIlike(keyword: string, filter: { status?: SubmissionStatus; createdFrom?: Date; createdTo?: Date }) {
    const rows = await app.portal.database.db
      .select({ id: badges.id })
      .from(badges)
      .where(
        and(
          filter.status ? eq(badges.status, filter.status) : undefined,
          filter.createdFrom ? gte(badges.createdAt, filter.createdFrom) : undefined,
          filter.createdTo ? lte(badges.createdAt, filter.createdTo) : undefined,
          or(ilike(badges.name, likeContains(keyword)), ilike(badges.namePinyin, likeContains(keyword)), eq(badges.phoneNumber, keyword), eq(badges.idNumberLast4, keyword.toUpperCase())),
        ),
      )
      .orderBy(desc(badges.createdAt), desc(badges.id));
    return rows.map((row) => row.id);
  }

  /** Every keyword, with and without a state and a date range: the same badges, in the same order, as ILIKE. */
  async function expectKeywordsAsIlike() {
    const [newest] = await app.portal.database.db.select({ at: badges.createdAt }).from(badges).orderBy(desc(badges.createdAt)).limit(1);
    const createdTo = new Date((newest?.at ?? new Date()).getTime() - 100_000);
    const phone = `137${String(77).padStart(8, '0')}`;
    for (const keyword of [...KEYWORDS, phone]) {
      for (const filter of [{}, { status: 'PENDING' as const }, { status: 'APPROVED' as const, createdFrom: new Date(createdTo.getTime() - 300_000), createdTo }]) {
        const expected = await foundByIlike(keyword, filter);
        for (const page of [1, 2]) {
          const result = await queue({ ...filter, keyword, page, pageSize: 100 });
          expect({ keyword, filter, page, total: result.total, ids: result.nodes.map((node) => node.id) }).toEqual({ keyword, filter, page, total: expected.length, ids: expected.slice((page - 1) * 100, page * 100) });
        }
      }
    }
  }

  /** The maintained grams equal a recount from the badges. */
  async function expectGramsExact() {
    const recount = sql`select g.gram, b.status, b.created_at, b.id, badge_searchable(b.name, b.name_pinyin) from badges b, lateral badge_search_grams(badge_searchable(b.name, b.name_pinyin)) as g(gram)`;
    const kept = sql`select gram, status, created_at, badge_id, searchable from badge_search_grams`;
    const [difference] = await app.portal.database.db
      .select({ missing: sql<number>`(select count(*) from (${recount} except all ${kept}) as d)::int`, extra: sql<number>`(select count(*) from (${kept} except all ${recount}) as d)::int` })
      .from(sql`(select 1) as one`);
    expect(difference).toEqual({ missing: 0, extra: 0 });
  }

  it('finds by keyword exactly what ILIKE finds', async () => {
    expect(Object.keys(JSON.parse(await readGramFrequencies(app.portal.database.db)) as Record<string, number>)).toContain('wa');
    await expectGramsExact();
    await expectKeywordsAsIlike();
  }, 120_000);

  it('keeps the counts exact through racing approvals, rejections, deletions and new badges', async () => {
    await expectExactCounts();
    const db = app.portal.database.db;
    const pending = await db.select({ id: badges.id, exhibitorId: badges.exhibitorId }).from(badges).where(eq(badges.status, 'PENDING')).limit(48);
    const approved = await db.select({ id: badges.id }).from(badges).where(eq(badges.status, 'APPROVED')).limit(8);
    const viewer = await services().accounts.viewerOf(reviewer);
    const racers: Array<Promise<unknown>> = [];
    for (let index = 0; index < pending.length; index += 4) {
      // Overlapping batches: the same badge approved, rejected and deleted at once; some fail, the counts never drift.
      const ids = pending.slice(index, index + 4).map((row) => row.id);
      racers.push(services().badgeReview.approve(viewer, { ids: ids.slice(0, 3) }, ORIGIN));
      racers.push(services().badgeReview.reject(viewer, { ids: ids.slice(1), reason: '照片不清晰' }, ORIGIN));
      const doomed = pending[index + 3];
      const owner = members.find((member) => member.exhibitorId === doomed?.exhibitorId);
      if (doomed && owner) racers.push(services().accounts.viewerOf(owner).then((member) => services().badgeFiling.remove(member, doomed.id, ORIGIN)));
    }
    racers.push(services().badgeReview.reject(viewer, { ids: approved.map((row) => row.id), reason: '撤销' }, ORIGIN));
    racers.push(insertBadges(40));
    // Renames racing the decisions on the same badges (the grams follow name, pinyin and state).
    for (const [index, row] of pending.slice(0, 12).entries()) {
      racers.push(db.update(badges).set({ name: index % 2 ? '汪伟' : 'Wang', namePinyin: index % 3 ? 'WANG Wei' : 'zz top' }).where(inArray(badges.id, [row.id])));
    }
    const settled = await Promise.allSettled(racers);
    expect(settled.some((result) => result.status === 'fulfilled')).toBe(true);
    await expectExactCounts();
    await expectGramsExact();
    await expectKeywordsAsIlike();
    await compactBadgeCountDeltas(db);
    await expectExactCounts();
  }, 120_000);
});
