import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { badges, notices } from '../../db/schema/index';
import { translate } from '../../lib/i18n';
import { idNumberColumns } from '../../lib/personal-data-cipher';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signInDirectly } from '../../test/sessions';
import { signedInClient, uploadPicture } from '../../test/submissions';
import type { AccountModel } from '../account/account.models';
import { decisionNoticeKey, noticeLocaleOf } from './submission-workflow.service';

const SUBMIT_CATALOG = `mutation ($input: CatalogEntryInput!) { submitCatalogEntry(input: $input) { id status } }`;
const REJECT_CATALOG = `mutation ($ids: [ID!]!, $reason: String!) { rejectCatalogEntries(ids: $ids, reason: $reason) { id status rejectReason } }`;
const APPROVE_CATALOG = `mutation ($ids: [ID!]!) { approveCatalogEntries(ids: $ids) { id status } }`;
const REJECT_BADGES = `mutation ($ids: [ID!]!, $reason: String!) { rejectBadges(ids: $ids, reason: $reason) { id status rejectReason } }`;
const APPROVE_BADGES = `mutation ($ids: [ID!]!) { approveBadges(ids: $ids) { id status } }`;

type Body = { data?: Record<string, Array<{ id: string; status: string; rejectReason?: string }>> | null; errors?: Array<{ extensions: { code: string } }> };

let serial = 0;

// The rules that had drifted between the badge loop and the catalog / banner / product loop are one rule
// each in the review workflow: the reject reason's limit, the notices' language and their de-duplication.
describe('the review workflow: one rule per kind of filing', () => {
  let app: TestApp;
  let reviewer: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    // The reviewer works in English: that says nothing about the language the exhibitor is told in.
    const { account } = await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR']);
    reviewer = app.client({ locale: 'en-US' });
    await signInDirectly(app, reviewer, account);
  }, 120_000);
  afterAll(() => app.close());

  /** A company's account with a catalog entry filed and a pending badge applied for by that account. */
  async function company() {
    const { client, account } = await signedInClient(app, 'exhibitor');
    const logo = await uploadPicture(client, 'CATALOG');
    const filed = await client.graphql<{ submitCatalogEntry: { id: string } }>(SUBMIT_CATALOG, { input: catalogInput(logo.id) });
    if (!filed.body.data) throw new Error(JSON.stringify(filed.body.errors));
    return { client, account, logo, catalogId: filed.body.data.submitCatalogEntry.id, badgeId: await pendingBadge(account) };
  }

  function catalogInput(logoId: string) {
    return {
      companyNameZh: '摩途科技有限公司',
      companyNameEn: 'Motu Technology Co., Ltd.',
      address: '重庆市渝北区金开大道 88 号',
      websiteUrl: 'https://www.motu.example.com',
      countryCode: 'CN',
      linkman: '王经理',
      telephone: '+86 23 6000 1234',
      email: 'expo@motu.example.com',
      profileZh: '摩途科技专注于中大排量摩托车的研发与制造，产品远销六十多个国家和地区。',
      profileEn: 'Motu Technology develops and builds mid- and large-displacement motorcycles, sold in more than sixty countries and regions.',
      logoId,
    };
  }

  /** A pending badge written as a filing leaves it (its photos are not what these rules are about). */
  async function pendingBadge(account: AccountModel) {
    serial += 1;
    const now = new Date();
    const [row] = await app.portal.database.db
      .insert(badges)
      .values({
        exhibitorId: account.exhibitorId ?? '',
        createdById: account.id,
        name: '张三',
        namePinyin: 'Zhang San',
        countryCode: '+86',
        phoneNumber: `1371234${String(serial).padStart(4, '0')}`,
        email: 'staff@example.com',
        idType: 'PASSPORT',
        ...idNumberColumns(`E${String(serial).padStart(8, '0')}`),
        idNumber: `E${String(serial).padStart(8, '0')}`,
        country: '中国',
        deptName: '销售部',
        position: '经理',
        companyNameZh: '测试摩托',
        companyNameEn: 'Test Moto',
        truthConfirmedAt: now,
        sensitiveConsentAt: now,
      })
      .returning();
    if (!row) throw new Error('no badge');
    return row.id;
  }

  const noticesOf = (kind: string, id: string) => app.portal.database.db.select().from(notices).where(like(notices.dedupeKey, `${kind}-decision:${id}:%`));

  it('holds a badge\'s and a catalog entry\'s reject reason to the same 500 characters', async () => {
    const { catalogId, badgeId } = await company();
    for (const [mutation, ids] of [
      [REJECT_BADGES, [badgeId]],
      [REJECT_CATALOG, [catalogId]],
    ] as const) {
      const tooLong = (await reviewer.graphql<Body['data']>(mutation, { ids, reason: '理'.repeat(501) })).body as Body;
      expect(tooLong.errors?.[0]?.extensions.code).toBe('SUBMISSION_REJECT_REASON_REQUIRED');
      const longest = (await reviewer.graphql<Body['data']>(mutation, { ids, reason: '理'.repeat(500) })).body as Body;
      expect(longest.errors).toBeUndefined();
      expect(Object.values(longest.data ?? {})[0]?.[0]).toMatchObject({ status: 'REJECTED', rejectReason: '理'.repeat(500) });
    }
  });

  it('writes every notice in its recipient\'s language, not the reviewer\'s', async () => {
    const { account, catalogId, badgeId } = await company();
    expect(noticeLocaleOf(account)).toBe('zh-CN');
    expect((await reviewer.graphql(APPROVE_BADGES, { ids: [badgeId] })).body.errors).toBeUndefined();
    expect((await reviewer.graphql(APPROVE_CATALOG, { ids: [catalogId] })).body.errors).toBeUndefined();
    const [badgeNotice] = await noticesOf('badge', badgeId);
    const [catalogNotice] = await noticesOf('catalog', catalogId);
    // The Chinese subject, whatever show name the organizers set in it.
    const chineseSubject = (key: string, params: Record<string, string>) => {
      const text = translate('zh-CN', key, { ...params, show: 'SHOW' }, 'messages').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return expect.stringMatching(new RegExp(`^${text.replace('SHOW', '.+')}$`));
    };
    expect(badgeNotice?.message).toMatchObject({ kind: 'email', to: account.email, subject: chineseSubject('badgeApprovedSubject', { name: '张三' }) });
    const kind = translate('zh-CN', 'submissionKind_catalog', {}, 'messages');
    expect(catalogNotice?.message).toMatchObject({ kind: 'email', to: account.email, subject: chineseSubject('submissionApprovedSubject', { kind }) });
  });

  it('keys each notice by its decision\'s time: a new decision after a resubmission is told again, the same one never twice', async () => {
    const { client, logo, catalogId, badgeId } = await company();
    const db = app.portal.database.db;
    expect((await reviewer.graphql(REJECT_BADGES, { ids: [badgeId], reason: '照片模糊' })).body.errors).toBeUndefined();
    const [decided] = await db.select().from(badges).where(eq(badges.id, badgeId));
    const badgeNotices = await noticesOf('badge', badgeId);
    expect(badgeNotices.map((notice) => notice.dedupeKey)).toEqual(badgeNotices.map((notice) => decisionNoticeKey('badge', { id: badgeId, decidedAt: decided?.decidedAt ?? null }, notice.message)));

    // Rejected, resubmitted, rejected again: two decisions, two notices, each keyed by its own time.
    expect((await reviewer.graphql(REJECT_CATALOG, { ids: [catalogId], reason: '简介不完整' })).body.errors).toBeUndefined();
    expect((await client.graphql(SUBMIT_CATALOG, { input: catalogInput(logo.id) })).body.errors).toBeUndefined();
    expect((await reviewer.graphql(REJECT_CATALOG, { ids: [catalogId], reason: '简介仍不完整' })).body.errors).toBeUndefined();
    const catalogNotices = await noticesOf('catalog', catalogId);
    expect(catalogNotices).toHaveLength(2);
    expect(new Set(catalogNotices.map((notice) => notice.dedupeKey)).size).toBe(2);

    // The same decision enqueued again (a retried transaction) adds nothing.
    const again = catalogNotices.map((notice) => ({ dedupeKey: notice.dedupeKey, message: notice.message }));
    await db.transaction((tx) => app.portal.app.services.notices.enqueue(tx, again));
    expect(await noticesOf('catalog', catalogId)).toHaveLength(2);
  });
});
