import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { BoothType } from '@portal/shared/exhibitor/badge-quota';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signInDirectly } from '../../test/sessions';
import { signedInClient, uploadPicture } from '../../test/submissions';
import { badgeRow } from '../../test/badge-rows';
import { auditLog, badges, boothQuotaRules, notices } from '../../db/schema/index';
import { bestFace, cropAroundFace, demoSample } from '../face/face-test-pictures';

const RULES = `{ boothQuotaRules { boothType areaPerBadge minimum maximum } }`;
const SAVE_RULE = `mutation ($input: SaveBoothQuotaRuleInput!) { saveBoothQuotaRule(input: $input) { recomputed rule { boothType areaPerBadge minimum maximum } } }`;
const COMPANY = `query ($keyword: String) { exhibitors(filter: { keyword: $keyword }) { nodes { id status credentialLimit usedCredentials boothArea boothType limitOverride limitOverrideReason quota { source base byArea paidExtra limit rule { boothType areaPerBadge minimum maximum } } } } }`;
const UPDATE = `mutation ($input: UpdateExhibitorInput!) { updateExhibitor(input: $input) { id credentialLimit limitOverride quota { source base limit } } }`;
const APPROVE = `mutation ($id: ID!) { approveExhibitor(id: $id) { id status credentialLimit } }`;
const APPROVE_MANY = `mutation ($ids: [ID!]!) { approveExhibitors(ids: $ids) { id status credentialLimit } }`;
const OWN_QUOTA = `{ ownBadgeQuota { source boothArea boothType base byArea paidExtra limit rule { areaPerBadge minimum maximum } } viewer { ... on Xuser { exhibitor { credentialLimit limitOverride limitOverrideReason } } } }`;
const ORDER = `mutation ($input: OrderExtraBadgesInput!) { orderExtraBadges(input: $input) { id quantity status } }`;
const CANCEL = `mutation ($id: ID!) { cancelExtraBadgeOrder(id: $id) { id status } }`;
const DECIDE = `mutation ($input: DecideExtraBadgeOrderInput!) { decideExtraBadgeOrder(input: $input) { id status reason } }`;
const OWN_ORDERS = `{ ownExtraBadgeOrders { id quantity status reason company { nameZh } } }`;
const ORDERS = `query ($status: ExtraBadgeOrderStatus) { extraBadgeOrders(status: $status, pageSize: 100) { total nodes { id quantity status company { nameZh bootNumber } } } }`;
const SAVE_BADGE = `mutation ($input: BadgeInput!) { saveBadge(input: $input) { id } }`;

type Errors = Array<{ extensions: { code: string; classification: string; params?: Record<string, unknown> } }>;
type Quota = { source: string; base: number; byArea: number | null; paidExtra: number; limit: number; rule: { boothType: string; areaPerBadge: number; minimum: number; maximum: number | null } | null };
type Company = { id: string; status: string; credentialLimit: number; usedCredentials: number; limitOverride: number | null; limitOverrideReason: string | null; quota: Quota };
const codeOf = (body: { errors?: unknown }) => (body.errors as Errors | undefined)?.[0]?.extensions.code ?? 'OK';

let serial = 0;
const unique = () => {
  serial += 1;
  return `${Date.now() % 1e6}${serial}`;
};

describe('badge quotas', () => {
  let app: TestApp;
  let manager: TestClient;
  let face: Buffer;

  beforeAll(async () => {
    app = await createTestApp();
    manager = (await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR'])).client;
    const sample = demoSample(2);
    face = await cropAroundFace(sample, bestFace((await app.portal.app.services.faces.analyse(sample)).boxes), 0.3);
  }, 120_000);
  afterAll(() => app.close());

  const services = () => app.portal.app.services;
  const db = () => app.portal.database.db;

  /** Every test sets the rules it counts on (they are shared by the file's companies). */
  async function setRule(boothType: BoothType, areaPerBadge: number, minimum: number, maximum: number | null = null) {
    const { body } = await manager.graphql<{ saveBoothQuotaRule: { recomputed: number } }>(SAVE_RULE, { input: { boothType, areaPerBadge, minimum, maximum } });
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.saveBoothQuotaRule.recomputed;
  }

  /** A company created through the exhibitor module with its booth (or override), and its signed-in account. */
  async function company(booth: { boothArea?: number | null; boothType?: BoothType | null; limitOverride?: number; status?: 'ACTIVE' | 'PENDING' } = {}) {
    const nameZh = `名额摩托 ${unique()}`;
    const { exhibitor, account } = await services().exhibitors.createWithAccount(
      { nameZh, nameEn: `Quota Moto ${serial}`, bootNumber: `Q-${serial}`, status: booth.status ?? 'ACTIVE', boothArea: booth.boothArea ?? null, boothType: booth.boothType ?? null, ...(booth.limitOverride === undefined ? {} : { limitOverride: booth.limitOverride, limitOverrideReason: '赞助商' }) },
      { name: nameZh, identity: { email: `quota${serial}-${Date.now()}@example.com` }, password: 'Quota12345' },
    );
    const client = app.client();
    await signInDirectly(app, client, account);
    const read = async () => {
      const { body } = await manager.graphql<{ exhibitors: { nodes: Company[] } }>(COMPANY, { keyword: nameZh });
      const found = body.data?.exhibitors.nodes[0];
      if (!found) throw new Error(JSON.stringify(body.errors));
      return found;
    };
    const fill = async (count: number) => {
      for (let index = 0; index < count; index += 1) await db().insert(badges).values(badgeRow(exhibitor.id, account.id, 'PENDING'));
    };
    const order = async (quantity: number) => {
      const { body } = await client.graphql<{ orderExtraBadges: { id: string; status: string } }>(ORDER, { input: { quantity, note: '展台加派人手' } });
      if (!body.data) throw new Error(JSON.stringify(body.errors));
      return body.data.orderExtraBadges.id;
    };
    const edit = (changes: Record<string, unknown>) => manager.graphql<{ updateExhibitor: { credentialLimit: number } }>(UPDATE, { input: { id: exhibitor.id, nameZh, nameEn: `Quota Moto`, contactName: '王经理', bootNumber: 'Q-1', boothArea: booth.boothArea ?? null, boothType: booth.boothType ?? null, ...changes } });
    return { id: exhibitor.id, nameZh, client, account, read, fill, order, edit };
  }

  it('computes the limit from the booth: one badge per area step, the minimum, the maximum, and the standard booth for an unknown type', async () => {
    await setRule('SHELL_SCHEME', 9, 2);
    await setRule('RAW_SPACE', 12, 3, 20);
    const shell = await company({ boothArea: 36, boothType: 'SHELL_SCHEME' });
    expect((await shell.read()).quota).toEqual({ source: 'RULE', base: 4, byArea: 4, paidExtra: 0, limit: 4, rule: { boothType: 'SHELL_SCHEME', areaPerBadge: 9, minimum: 2, maximum: null } });
    expect((await company({ boothArea: 10, boothType: 'SHELL_SCHEME' }).then((each) => each.read())).credentialLimit).toBe(2);
    expect((await company({ boothArea: 600, boothType: 'RAW_SPACE' }).then((each) => each.read())).credentialLimit).toBe(20);
    expect((await company({ boothArea: null, boothType: 'RAW_SPACE' }).then((each) => each.read())).quota).toMatchObject({ byArea: null, base: 3 });
    expect((await company().then((each) => each.read())).quota).toMatchObject({ rule: { boothType: 'SHELL_SCHEME' }, limit: 2 });

    // The exhibitor reads the same breakdown, without the organizers' override fields.
    const own = await shell.client.graphql<{ ownBadgeQuota: Quota & { boothArea: number; boothType: string } }>(OWN_QUOTA);
    expect(own.body.data?.ownBadgeQuota).toMatchObject({ source: 'RULE', boothArea: 36, boothType: 'SHELL_SCHEME', byArea: 4, limit: 4, rule: { areaPerBadge: 9, minimum: 2 } });
  });

  it('an override needs a reason, is audited, hidden from the exhibitor, and removed returns the company to the rule', async () => {
    await setRule('CORNER', 9, 2);
    const corner = await company({ boothArea: 27, boothType: 'CORNER' });
    expect((await corner.read()).credentialLimit).toBe(3);
    expect(codeOf((await corner.edit({ limitOverride: 10 })).body)).toBe('EXHIBITOR_OVERRIDE_REASON_REQUIRED');
    const set = await corner.edit({ limitOverride: 10, limitOverrideReason: '主赞助商' });
    expect(set.body.data?.updateExhibitor).toMatchObject({ credentialLimit: 10, limitOverride: 10, quota: { source: 'OVERRIDE', base: 10, limit: 10 } });
    const own = await corner.client.graphql<{ ownBadgeQuota: Quota; viewer: { exhibitor: { credentialLimit: number; limitOverride: number | null; limitOverrideReason: string | null } } }>(OWN_QUOTA);
    expect(own.body.data?.ownBadgeQuota).toMatchObject({ source: 'OVERRIDE', base: 10, limit: 10, rule: null });
    expect(own.body.data?.viewer.exhibitor).toEqual({ credentialLimit: 10, limitOverride: null, limitOverrideReason: null });
    // A rule change leaves an overridden company alone.
    await setRule('CORNER', 3, 2);
    expect((await corner.read()).credentialLimit).toBe(10);

    const removed = await corner.edit({ limitOverride: null, limitOverrideReason: '主赞助商' });
    expect(removed.body.data?.updateExhibitor).toMatchObject({ credentialLimit: 9, limitOverride: null, quota: { source: 'RULE' } });
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, corner.id), eq(auditLog.action, 'exhibitor.update')));
    expect(audits.map((row) => row.detail)).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ limitOverride: null, credentialLimit: 3 }), after: expect.objectContaining({ limitOverride: 10, limitOverrideReason: '主赞助商', credentialLimit: 10 }) }),
      expect.objectContaining({ before: expect.objectContaining({ limitOverride: 10 }), after: expect.objectContaining({ limitOverride: null, limitOverrideReason: null, credentialLimit: 9 }) }),
    ]);
    // An edit may not lower the limit below the badges already counted.
    await corner.fill(5);
    const below = await corner.edit({ boothArea: 9 });
    expect((below.body.errors as Errors)[0]?.extensions).toMatchObject({ code: 'EXHIBITOR_LIMIT_BELOW_USED', params: { used: 5, limit: 3 } });
  });

  it('a rule change recomputes the companies that follow it, in one transaction, audited; badges above a lowered limit are kept', async () => {
    await setRule('ISLAND', 9, 2);
    const big = await company({ boothArea: 54, boothType: 'ISLAND' });
    const small = await company({ boothArea: 18, boothType: 'ISLAND' });
    const overridden = await company({ boothArea: 54, boothType: 'ISLAND', limitOverride: 7 });
    const other = await company({ boothArea: 54, boothType: 'SHELL_SCHEME' });
    const otherBefore = (await other.read()).credentialLimit;
    await big.fill(5);
    expect((await big.read()).credentialLimit).toBe(6);

    expect(await setRule('ISLAND', 18, 1)).toBeGreaterThanOrEqual(2);
    expect((await big.read())).toMatchObject({ credentialLimit: 3, usedCredentials: 5 });
    expect((await small.read()).credentialLimit).toBe(1);
    expect((await overridden.read()).credentialLimit).toBe(7);
    expect((await other.read()).credentialLimit).toBe(otherBefore);
    const [rule] = await db().select().from(boothQuotaRules).where(eq(boothQuotaRules.boothType, 'ISLAND'));
    expect(rule).toMatchObject({ areaPerBadge: 18, minimum: 1, maximum: null });
    const [audit] = (await db().select().from(auditLog).where(and(eq(auditLog.action, 'badge_quota_rule.save'), eq(auditLog.subjectId, 'ISLAND'))).orderBy(auditLog.at)).slice(-1);
    expect(audit?.detail).toMatchObject({ before: { areaPerBadge: 9, minimum: 2 }, after: { areaPerBadge: 18, minimum: 1 }, changed: expect.arrayContaining([{ id: big.id, from: 6, to: 3 }, { id: small.id, from: 2, to: 1 }]) });

    // Over its limit, the company keeps its five badges and files no new one.
    const [entry, idPhoto] = [await uploadPicture(big.client, 'BADGE', face), await uploadPicture(big.client, 'BADGE_ID', face)];
    const refused = await big.client.graphql(SAVE_BADGE, { input: staffBadge(big.nameZh, entry.id, idPhoto.id) });
    expect(codeOf(refused.body)).toBe('BADGE_LIMIT_REACHED');
    expect(await db().select().from(badges).where(eq(badges.exhibitorId, big.id))).toHaveLength(5);

    // Bad rules are refused.
    const bad = await manager.graphql(SAVE_RULE, { input: { boothType: 'ISLAND', areaPerBadge: 9, minimum: 5, maximum: 4 } });
    expect(codeOf(bad.body)).toBe('BOOTH_QUOTA_MAXIMUM_INVALID');
  }, 60_000);

  it('an approved self-registration gets the rule value, single and in bulk, and the organizer reads the limit each got', async () => {
    await setRule('SHELL_SCHEME', 9, 2);
    await setRule('RAW_SPACE', 12, 3, 20);
    const unknown = await company({ status: 'PENDING' });
    const raw = await company({ status: 'PENDING', boothArea: 120, boothType: 'RAW_SPACE' });
    const shell = await company({ status: 'PENDING', boothType: 'SHELL_SCHEME' });
    const single = await manager.graphql<{ approveExhibitor: { credentialLimit: number } }>(APPROVE, { id: unknown.id });
    expect(single.body.data?.approveExhibitor).toMatchObject({ status: 'ACTIVE', credentialLimit: 2 });
    const many = await manager.graphql<{ approveExhibitors: Array<{ id: string; credentialLimit: number }> }>(APPROVE_MANY, { ids: [raw.id, shell.id] });
    expect(new Map(many.body.data?.approveExhibitors.map((row) => [row.id, row.credentialLimit]))).toEqual(new Map([[raw.id, 10], [shell.id, 2]]));
  });

  describe('extra badges', () => {
    it('the exhibitor orders, the organizer marks one paid (added to the limit) and refuses another with a reason; the company cancels its own', async () => {
      await setRule('SHELL_SCHEME', 9, 2);
      const shell = await company({ boothArea: 36, boothType: 'SHELL_SCHEME' });
      const paid = await shell.order(2);
      const refused = await shell.order(5);
      const cancelled = await shell.order(1);
      expect((await shell.read()).credentialLimit).toBe(4);

      const open = await manager.graphql<{ extraBadgeOrders: { nodes: Array<{ id: string; quantity: number; company: { nameZh: string } }> } }>(ORDERS, { status: 'OPEN' });
      expect(open.body.data?.extraBadgeOrders.nodes.filter((node) => node.company.nameZh === shell.nameZh).map((node) => node.quantity)).toEqual([1, 5, 2]);

      expect(codeOf((await manager.graphql(DECIDE, { input: { id: paid, decision: 'PAID' } })).body)).toBe('OK');
      expect((await shell.read()).quota).toMatchObject({ source: 'RULE', base: 4, paidExtra: 2, limit: 6 });
      expect((await shell.read()).credentialLimit).toBe(6);
      expect(codeOf((await manager.graphql(DECIDE, { input: { id: refused, decision: 'REFUSED' } })).body)).toBe('EXTRA_BADGE_REASON_REQUIRED');
      const refusal = await manager.graphql<{ decideExtraBadgeOrder: { status: string; reason: string } }>(DECIDE, { input: { id: refused, decision: 'REFUSED', reason: '未收到款项' } });
      expect(refusal.body.data?.decideExtraBadgeOrder).toMatchObject({ status: 'REFUSED', reason: '未收到款项' });
      expect((await shell.client.graphql<{ cancelExtraBadgeOrder: { status: string } }>(CANCEL, { id: cancelled })).body.data?.cancelExtraBadgeOrder.status).toBe('CANCELLED');
      expect((await shell.read()).credentialLimit).toBe(6);
      // The company is told both decisions; the withdrawal is its own and tells nobody.
      const told = await app.portal.database.db.select({ key: notices.dedupeKey, message: notices.message }).from(notices).where(like(notices.dedupeKey, 'extra-badges:%'));
      expect(told.filter((notice) => notice.key.startsWith(`extra-badges:${paid}:`)).length).toBeGreaterThan(0);
      expect(told.filter((notice) => notice.key.startsWith(`extra-badges:${refused}:`)).map((notice) => JSON.stringify(notice.message))).toEqual(expect.arrayContaining([expect.stringContaining('未收到款项')]));
      expect(told.some((notice) => notice.key.startsWith(`extra-badges:${cancelled}:`))).toBe(false);
      // A decided order cannot be decided or cancelled again.
      expect(codeOf((await manager.graphql(DECIDE, { input: { id: cancelled, decision: 'PAID' } })).body)).toBe('EXTRA_BADGE_ORDER_NOT_OPEN');
      expect(codeOf((await shell.client.graphql(CANCEL, { id: paid })).body)).toBe('EXTRA_BADGE_ORDER_NOT_OPEN');

      const own = await shell.client.graphql<{ ownExtraBadgeOrders: Array<{ id: string; status: string; reason: string | null; company: unknown }> }>(OWN_ORDERS);
      expect(own.body.data?.ownExtraBadgeOrders.map(({ id, status, reason, company: shown }) => ({ id, status, reason, shown }))).toEqual([
        { id: cancelled, status: 'CANCELLED', reason: null, shown: null },
        { id: refused, status: 'REFUSED', reason: '未收到款项', shown: null },
        { id: paid, status: 'PAID', reason: null, shown: null },
      ]);
      // The override keeps the paid badges on top.
      expect((await shell.edit({ limitOverride: 10, limitOverrideReason: '主赞助商' })).body.data?.updateExhibitor).toMatchObject({ credentialLimit: 12, quota: { source: 'OVERRIDE', base: 10, limit: 12 } });
      const audits = await db().select().from(auditLog).where(eq(auditLog.subjectId, shell.id));
      expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['exhibitor.extra_badges_order', 'exhibitor.extra_badges_paid', 'exhibitor.extra_badges_refuse', 'exhibitor.extra_badges_cancel']));
      expect(audits.find((row) => row.action === 'exhibitor.extra_badges_paid')?.detail).toMatchObject({ orderId: paid, credentialLimit: { from: 4, to: 6 } });
      expect(codeOf((await shell.client.graphql(ORDER, { input: { quantity: 0 } })).body)).toBe('EXTRA_BADGE_QUANTITY_INVALID');
    });

    it('only the exhibitor section decides and sets rules; another company neither sees nor cancels an order; a pending company cannot order', async () => {
      const owner = await company({ boothArea: 36, boothType: 'SHELL_SCHEME' });
      const stranger = await company({ boothArea: 36, boothType: 'SHELL_SCHEME' });
      const order = await owner.order(3);
      const audienceDesk = (await signedInClient(app, 'organizer', ['ROLE_AUDIENCE'])).client;
      for (const client of [owner.client, stranger.client, audienceDesk]) {
        expect((await client.graphql(DECIDE, { input: { id: order, decision: 'PAID' } })).body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
        expect((await client.graphql(SAVE_RULE, { input: { boothType: 'ISLAND', areaPerBadge: 1, minimum: 100 } })).body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
        expect((await client.graphql(ORDERS, {})).body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
        expect((await client.graphql(RULES)).body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
      }
      // The company cannot set its own override (the organizer's mutation).
      const own = await owner.client.graphql(UPDATE, { input: { id: owner.id, nameZh: owner.nameZh, nameEn: 'x', contactName: 'x', limitOverride: 50, limitOverrideReason: '自己' } });
      expect(own.body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
      expect(codeOf((await stranger.client.graphql(CANCEL, { id: order })).body)).toBe('NOT_FOUND');
      expect((await stranger.client.graphql<{ ownExtraBadgeOrders: unknown[] }>(OWN_ORDERS)).body.data?.ownExtraBadgeOrders).toEqual([]);
      expect((await app.client().graphql(OWN_ORDERS)).body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
      expect((await manager.graphql(OWN_ORDERS)).body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
      const pending = await company({ status: 'PENDING' });
      expect(codeOf((await pending.client.graphql(ORDER, { input: { quantity: 1 } })).body)).toBe('EXHIBITOR_NOT_ACTIVE');
      expect((await owner.read()).credentialLimit).toBe(4);
    });

    it('two organizers marking the same order paid add it once; two orders paid at once both count', async () => {
      await setRule('SHELL_SCHEME', 9, 2);
      const shell = await company({ boothArea: 36, boothType: 'SHELL_SCHEME' });
      const other = (await signedInClient(app, 'organizer', ['ROLE_SUPER_ADMIN'])).client;
      const same = await shell.order(3);
      const answers = await Promise.all([manager.graphql(DECIDE, { input: { id: same, decision: 'PAID' } }), other.graphql(DECIDE, { input: { id: same, decision: 'PAID' } })]);
      expect(answers.map((answer) => codeOf(answer.body)).sort()).toEqual(['EXTRA_BADGE_ORDER_NOT_OPEN', 'OK']);
      expect((await shell.read()).credentialLimit).toBe(7);

      const [first, second] = [await shell.order(1), await shell.order(2)];
      const both = await Promise.all([manager.graphql(DECIDE, { input: { id: first, decision: 'PAID' } }), other.graphql(DECIDE, { input: { id: second, decision: 'PAID' } })]);
      expect(both.map((answer) => codeOf(answer.body))).toEqual(['OK', 'OK']);
      expect((await shell.read()).quota).toMatchObject({ paidExtra: 6, limit: 10 });
      expect((await shell.read()).credentialLimit).toBe(10);
    });

    it('a rule change and a paid order at once: the stored limit is the final rule plus every paid badge', async () => {
      await setRule('CORNER', 9, 2);
      const corner = await company({ boothArea: 36, boothType: 'CORNER' });
      const order = await corner.order(2);
      const [ruleAnswer, paidAnswer] = await Promise.all([
        manager.graphql(SAVE_RULE, { input: { boothType: 'CORNER', areaPerBadge: 6, minimum: 2 } }),
        (await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR'])).client.graphql(DECIDE, { input: { id: order, decision: 'PAID' } }),
      ]);
      expect([codeOf(ruleAnswer.body), codeOf(paidAnswer.body)]).toEqual(['OK', 'OK']);
      expect((await corner.read())).toMatchObject({ credentialLimit: 8, quota: { base: 6, paidExtra: 2, limit: 8 } });
    });
  });
});

/** A badge application as the form sends it (the photos uploaded by the company). */
function staffBadge(companyNameZh: string, entryPhotoId: string, idPhotoId: string) {
  return {
    name: '李四', namePinyin: 'Li Si', countryCode: '+86', phoneNumber: `139${String(Date.now() % 1e8).padStart(8, '0')}`, email: 'staff@example.com', idType: 'PASSPORT', idNumber: `E${unique()}`,
    country: 'CN', deptName: '销售部', position: '经理', companyNameZh, companyNameEn: 'Quota Moto', entryPhotoId, idPhotoId, truthConfirmed: true, sensitiveConsent: true,
  };
}
