import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, catalogStatusHistory, exhibitors, notices } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient, uploadPicture } from '../../test/submissions';
import { PROFILE_LENGTH_RATIO_MAX } from '@portal/shared/catalog/catalog.schema';
import { FORMULA_TEXTS, NEUTRALISED_TEXTS, sheetTexts } from '../../lib/xlsx-stream.test-support';

const SUBMIT = `mutation ($input: CatalogEntryInput!) { submitCatalogEntry(input: $input) { id status bootNumber rejectReason logo { url } } }`;
const MINE = `{ myCatalogEntry { id status companyNameZh bootNumber } }`;
const LIST = `query ($filter: SubmissionFilter, $page: Int, $pageSize: Int) { catalogEntries(filter: $filter, page: $page, pageSize: $pageSize) { total page nodes { id status exhibitorId } } }`;
const DETAIL = `query ($id: ID!) { catalogEntry(id: $id) { id status logo { url } statusHistory { fromStatus toStatus reason actorName } } }`;
const APPROVE = `mutation ($ids: [ID!]!) { approveCatalogEntries(ids: $ids) { id status } }`;
const REJECT = `mutation ($ids: [ID!]!, $reason: String!) { rejectCatalogEntries(ids: $ids, reason: $reason) { id status rejectReason } }`;

const PROFILE_ZH = '摩途科技专注于中大排量摩托车的研发与制造，产品远销六十多个国家和地区。';
const PROFILE_EN = 'Motu Technology develops and builds mid- and large-displacement motorcycles, sold in more than sixty countries and regions.';

function input(logoId: string, overrides: Record<string, unknown> = {}) {
  return {
    companyNameZh: '摩途科技有限公司',
    companyNameEn: 'Motu Technology Co., Ltd.',
    address: '重庆市渝北区金开大道 88 号',
    websiteUrl: 'https://www.motu.example.com',
    countryCode: 'CN',
    regionCode: '500000',
    linkman: '王经理',
    telephone: '+86 23 6000 1234',
    email: 'expo@motu.example.com',
    profileZh: PROFILE_ZH,
    profileEn: PROFILE_EN,
    logoId,
    ...overrides,
  };
}

describe('catalog entries', () => {
  let app: TestApp;
  let reviewer: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    ({ client: reviewer } = await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR']));
  }, 120_000);
  afterAll(() => app.close());

  async function exhibitor() {
    const signed = await signedInClient(app, 'exhibitor');
    const logo = await uploadPicture(signed.client, 'CATALOG');
    return { ...signed, logo, exhibitorId: signed.account.exhibitorId ?? '' };
  }

  function errorCode(body: { errors?: Array<{ extensions: { code: string } }> }) {
    return body.errors?.[0]?.extensions.code;
  }

  it('files an entry with the booth number from the exhibitor record, with history and audit rows', async () => {
    const { client, logo, account } = await exhibitor();
    const { body } = await client.graphql<{ submitCatalogEntry: { id: string; status: string; bootNumber: string; logo: { url: string } } }>(SUBMIT, { input: input(logo.id) });
    expect(body.errors).toBeUndefined();
    expect(body.data?.submitCatalogEntry).toMatchObject({ status: 'PENDING', bootNumber: 'B-2', logo: { url: logo.url } });
    const id = body.data?.submitCatalogEntry.id ?? '';
    const db = app.portal.database.db;
    expect(await db.select().from(catalogStatusHistory).where(eq(catalogStatusHistory.subjectId, id))).toMatchObject([{ fromStatus: null, toStatus: 'PENDING', actorId: account.id }]);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'catalog.submit')))).toHaveLength(1);
    expect((await client.graphql<{ myCatalogEntry: { id: string } }>(MINE)).body.data?.myCatalogEntry.id).toBe(id);
  });

  it.each([
    ['companyNameZh', { companyNameZh: '  ' }, 'SUBMISSION_TEXT_REQUIRED'],
    ['companyNameEn', { companyNameEn: 'x'.repeat(101) }, 'SUBMISSION_TEXT_TOO_LONG'],
    ['address', { address: '' }, 'SUBMISSION_TEXT_REQUIRED'],
    ['websiteUrl', { websiteUrl: 'javascript:alert(1)' }, 'SUBMISSION_URL_INVALID'],
    ['countryCode', { countryCode: 'China' }, 'CATALOG_COUNTRY_INVALID'],
    ['linkman', { linkman: '' }, 'SUBMISSION_TEXT_REQUIRED'],
    ['telephone', { telephone: 'call me' }, 'SUBMISSION_PHONE_INVALID'],
    ['email', { email: 'not-an-email' }, 'AUTH_INVALID_EMAIL'],
    ['profileZh (required)', { profileZh: '' }, 'SUBMISSION_TEXT_REQUIRED'],
    ['profileEn (required)', { profileEn: '' }, 'SUBMISSION_TEXT_REQUIRED'],
    ['profileZh (in Chinese)', { profileZh: PROFILE_EN }, 'CATALOG_PROFILE_ZH_INVALID'],
    ['profileEn (in English)', { profileEn: `${PROFILE_ZH}${PROFILE_ZH}` }, 'CATALOG_PROFILE_EN_INVALID'],
    ['profileEn (too short to match)', { profileZh: PROFILE_ZH.repeat(3), profileEn: 'Motorcycles made in Chongqing since 1998.' }, 'CATALOG_PROFILE_MISMATCH'],
    ['profileEn (too long to match)', { profileEn: PROFILE_EN.repeat(PROFILE_LENGTH_RATIO_MAX) }, 'CATALOG_PROFILE_MISMATCH'],
    ['profile with a control character', { profileZh: `${PROFILE_ZH}\u0000` }, 'SUBMISSION_TEXT_REQUIRED'],
    ['logoId', { logoId: 'nope' }, 'CATALOG_LOGO_REQUIRED'],
  ])('refuses a bad %s on the server', async (_field, overrides, code) => {
    const { client, logo } = await exhibitor();
    const { body } = await client.graphql(SUBMIT, { input: input(logo.id, overrides) });
    expect(errorCode(body)).toBe(code);
    expect((await client.graphql<{ myCatalogEntry: null }>(MINE)).body.data?.myCatalogEntry).toBeNull();
  });

  it('refuses a logo of another account or of another purpose', async () => {
    const { client } = await exhibitor();
    const other = await exhibitor();
    expect(errorCode((await client.graphql(SUBMIT, { input: input(other.logo.id) })).body)).toBe('SUBMISSION_PHOTO_INVALID');
    const product = await uploadPicture(client, 'PRODUCT');
    expect(errorCode((await client.graphql(SUBMIT, { input: input(product.id) })).body)).toBe('SUBMISSION_PHOTO_INVALID');
  });

  it('needs a booth number on the exhibitor record and an approved (ACTIVE) company', async () => {
    const db = app.portal.database.db;
    const noBooth = await exhibitor();
    await db.update(exhibitors).set({ bootNumber: null }).where(eq(exhibitors.id, noBooth.exhibitorId));
    expect(errorCode((await noBooth.client.graphql(SUBMIT, { input: input(noBooth.logo.id) })).body)).toBe('CATALOG_BOOTH_MISSING');
    const disabled = await exhibitor();
    await db.update(exhibitors).set({ status: 'DISABLED' }).where(eq(exhibitors.id, disabled.exhibitorId));
    expect(errorCode((await disabled.client.graphql(SUBMIT, { input: input(disabled.logo.id) })).body)).toBe('EXHIBITOR_NOT_ACTIVE');
  });

  it('rejects with a reason and a notice, takes an edit back to PENDING, approves, and then keeps it read-only', async () => {
    const { client, logo, account } = await exhibitor();
    const id = (await client.graphql<{ submitCatalogEntry: { id: string } }>(SUBMIT, { input: input(logo.id) })).body.data?.submitCatalogEntry.id ?? '';
    expect(errorCode((await reviewer.graphql(REJECT, { ids: [id], reason: ' ' })).body)).toBe('SUBMISSION_REJECT_REASON_REQUIRED');
    const rejected = await reviewer.graphql<{ rejectCatalogEntries: Array<{ status: string; rejectReason: string }> }>(REJECT, { ids: [id], reason: '英文简介缺少主营产品' });
    expect(rejected.body.data?.rejectCatalogEntries).toEqual([{ id, status: 'REJECTED', rejectReason: '英文简介缺少主营产品' }]);
    const queued = (await app.portal.database.db.select().from(notices)).filter((notice) => notice.dedupeKey.startsWith(`catalog-decision:${id}:`));
    expect(queued.map((notice) => notice.message)).toEqual([expect.objectContaining({ kind: 'email', to: account.email, text: expect.stringContaining('英文简介缺少主营产品') })]);
    expect(errorCode((await reviewer.graphql(APPROVE, { ids: [id] })).body)).toBe('SUBMISSION_NOT_PENDING');

    const edited = await client.graphql<{ submitCatalogEntry: { id: string; status: string; rejectReason: null } }>(SUBMIT, { input: input(logo.id, { linkman: '李经理' }) });
    expect(edited.body.data?.submitCatalogEntry).toMatchObject({ id, status: 'PENDING', rejectReason: null });
    expect((await reviewer.graphql<{ approveCatalogEntries: unknown }>(APPROVE, { ids: [id] })).body.data?.approveCatalogEntries).toEqual([{ id, status: 'APPROVED' }]);
    expect(errorCode((await client.graphql(SUBMIT, { input: input(logo.id) })).body)).toBe('SUBMISSION_NOT_EDITABLE');
    const detail = await reviewer.graphql<{ catalogEntry: { statusHistory: Array<{ toStatus: string }> } }>(DETAIL, { id });
    expect(detail.body.data?.catalogEntry.statusHistory.map((change) => change.toStatus)).toEqual(['PENDING', 'REJECTED', 'PENDING', 'APPROVED']);
  });

  it('pages and filters the queue on the server', async () => {
    const first = await exhibitor();
    const second = await exhibitor();
    const firstId = (await first.client.graphql<{ submitCatalogEntry: { id: string } }>(SUBMIT, { input: input(first.logo.id) })).body.data?.submitCatalogEntry.id;
    await second.client.graphql(SUBMIT, { input: input(second.logo.id) });
    const byExhibitor = await reviewer.graphql<{ catalogEntries: { total: number; nodes: Array<{ id: string }> } }>(LIST, { filter: { exhibitorId: first.exhibitorId } });
    expect(byExhibitor.body.data?.catalogEntries).toMatchObject({ total: 1, nodes: [{ id: firstId }] });
    const paged = await reviewer.graphql<{ catalogEntries: { total: number; page: number; nodes: unknown[] } }>(LIST, { filter: { status: 'PENDING' }, page: 1, pageSize: 10 });
    expect(paged.body.data?.catalogEntries.nodes.length).toBeLessThanOrEqual(10);
    expect(paged.body.data?.catalogEntries.total).toBeGreaterThanOrEqual(2);
    const future = await reviewer.graphql<{ catalogEntries: { total: number } }>(LIST, { filter: { submittedFrom: '2099-01-01' } });
    expect(future.body.data?.catalogEntries.total).toBe(0);
    expect(errorCode((await reviewer.graphql(LIST, { pageSize: 7 })).body)).toBe('VALIDATION_FAILED');
  });

  it('never shows one exhibitor another exhibitor’s entry, by id or by file URL', async () => {
    const owner = await exhibitor();
    const id = (await owner.client.graphql<{ submitCatalogEntry: { id: string } }>(SUBMIT, { input: input(owner.logo.id) })).body.data?.submitCatalogEntry.id ?? '';
    const colleague = await signedInClient(app, 'exhibitor');
    const other = await exhibitor();
    expect(errorCode((await other.client.graphql(DETAIL, { id })).body)).toBe('FORBIDDEN');
    expect(errorCode((await other.client.graphql(APPROVE, { ids: [id] })).body)).toBe('FORBIDDEN');
    expect((await other.client.graphql<{ myCatalogEntry: null }>(MINE)).body.data?.myCatalogEntry).toBeNull();
    expect((await other.client.fetch(owner.logo.url)).status).toBe(404);
    expect((await colleague.client.fetch(owner.logo.url)).status).toBe(404);
    expect((await owner.client.fetch(owner.logo.url)).status).toBe(200);
    expect((await reviewer.fetch(owner.logo.url)).status).toBe(200);
    const { client: audienceReviewer } = await signedInClient(app, 'organizer', ['ROLE_AUDIENCE']);
    expect((await audienceReviewer.fetch(owner.logo.url)).status).toBe(404);
  });

  it('exports the filtered queue as the show guide is typeset from: booth first, both languages, formulas neutralised, audited', async () => {
    const owner = await exhibitor();
    const linkman = FORMULA_TEXTS[0];
    const id = (await owner.client.graphql<{ submitCatalogEntry: { id: string } }>(SUBMIT, { input: input(owner.logo.id, { linkman }) })).body.data?.submitCatalogEntry.id ?? '';
    const { client: exporter, account: exporterAccount } = await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR']);
    await exporter.graphql(APPROVE, { ids: [id] });
    const response = await exporter.fetch(`/apis/files/exports/catalog.xlsx?exhibitorId=${owner.exhibitorId}&status=APPROVED`, { headers: { 'accept-language': 'en-US' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('catalog-entries-');
    const [header, ...rows] = await sheetTexts(await response.arrayBuffer());
    expect(header?.slice(0, 4)).toEqual(['Booth', 'Company (Chinese)', 'Company (English)', 'Country or region']);
    expect(rows).toEqual([
      ['B-2', '摩途科技有限公司', 'Motu Technology Co., Ltd.', 'China', '500000', '重庆市渝北区金开大道 88 号', 'https://www.motu.example.com', NEUTRALISED_TEXTS[0], "'+86 23 6000 1234", 'expo@motu.example.com', PROFILE_ZH, PROFILE_EN, 'Approved', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d/), ''],
    ]);
    const [zhHeader] = await sheetTexts(await (await exporter.fetch(`/apis/files/exports/catalog.xlsx?exhibitorId=${owner.exhibitorId}`, { headers: { 'accept-language': 'zh-CN' } })).arrayBuffer());
    expect(zhHeader?.[0]).toBe('展位号');
    const audited = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'catalog.export'), eq(auditLog.actorId, exporterAccount.id)));
    expect(audited.length).toBeGreaterThanOrEqual(2);
    expect(audited[0]?.detail).toMatchObject({ rows: 1 });
    const own = await sheetTexts(await (await owner.client.fetch('/apis/files/exports/catalog.xlsx')).arrayBuffer());
    expect(own.slice(1).map((row) => row[1])).toEqual(['摩途科技有限公司']);
    const other = await exhibitor();
    expect((await sheetTexts(await (await other.client.fetch('/apis/files/exports/catalog.xlsx')).arrayBuffer())).slice(1)).toEqual([]);
    const { client: audienceReviewer } = await signedInClient(app, 'organizer', ['ROLE_AUDIENCE']);
    expect((await audienceReviewer.fetch('/apis/files/exports/catalog.xlsx')).status).toBe(403);
    expect((await app.client().fetch('/apis/files/exports/catalog.xlsx')).status).toBe(401);
  });

  it('lets only ROLE_SUPER_ADMIN and ROLE_EXHIBITOR organizers use the queue', async () => {
    const owner = await exhibitor();
    const id = (await owner.client.graphql<{ submitCatalogEntry: { id: string } }>(SUBMIT, { input: input(owner.logo.id) })).body.data?.submitCatalogEntry.id ?? '';
    const operations: Array<[string, Record<string, unknown>]> = [
      [LIST, {}],
      [DETAIL, { id }],
      [APPROVE, { ids: [id] }],
      [REJECT, { ids: [id], reason: 'x' }],
      [`{ submissionExhibitors { id } }`, {}],
    ];
    const { client: audienceReviewer } = await signedInClient(app, 'organizer', ['ROLE_AUDIENCE', 'ROLE_TICKET', 'ROLE_PROJECT']);
    const { client: visitor } = await signedInClient(app, 'audience');
    for (const [query, variables] of operations) {
      expect(errorCode((await audienceReviewer.graphql(query, variables)).body)).toBe('FORBIDDEN');
      expect(errorCode((await visitor.graphql(query, variables)).body)).toBe('FORBIDDEN');
      expect(errorCode((await app.client().graphql(query, variables)).body)).toBe('UNAUTHENTICATED');
    }
    const { client: admin } = await signedInClient(app, 'organizer', ['ROLE_SUPER_ADMIN']);
    expect((await admin.graphql(DETAIL, { id })).body.data).toMatchObject({ catalogEntry: { id } });
    expect((await admin.graphql(APPROVE, { ids: [id] })).body.data).toMatchObject({ approveCatalogEntries: [{ id, status: 'APPROVED' }] });
  });
});
