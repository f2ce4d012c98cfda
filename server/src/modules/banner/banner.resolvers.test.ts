import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { noisePicture, signedInClient, uploadPicture } from '../../test/submissions';
import { sheetTexts } from '../../lib/xlsx-stream.test-support';

const PLACEMENTS = `{ bannerPlacements { id nameZh size width height active } }`;
const SAVE_PLACEMENT = `mutation ($input: BannerPlacementInput!) { saveBannerPlacement(input: $input) { id size active } }`;
const SUBMIT = `mutation ($input: BannerApplicationInput!) { submitBannerApplication(input: $input) { id status placement { id } picture { url } } }`;
const DETAIL = `query ($id: ID!) { bannerApplication(id: $id) { id status } }`;
const MINE = `{ myBannerApplications { total } }`;
const LIST = `{ bannerApplications { total } }`;
const APPROVE = `mutation ($ids: [ID!]!) { approveBannerApplications(ids: $ids) { id status } }`;
const REJECT = `mutation ($ids: [ID!]!, $reason: String!) { rejectBannerApplications(ids: $ids, reason: $reason) { id status } }`;

type Body = { errors?: Array<{ extensions: { code: string } }> };
const errorCode = (body: Body) => body.errors?.[0]?.extensions.code;

describe('banner applications', () => {
  let app: TestApp;
  let reviewer: TestClient;
  /** A placement of the test pictures' size (320×240), and the default website carousel (1920×600). */
  let placementId: string;
  let carouselId: string;

  beforeAll(async () => {
    app = await createTestApp();
    ({ client: reviewer } = await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR']));
    const { body } = await reviewer.graphql<{ bannerPlacements: Array<{ id: string; size: string; width: number; height: number; active: boolean }> }>(PLACEMENTS);
    expect(body.data?.bannerPlacements.length).toBeGreaterThanOrEqual(5);
    const carousel = body.data?.bannerPlacements[0];
    expect(carousel).toMatchObject({ size: '1920×600 px', width: 1920, height: 600 });
    carouselId = carousel?.id ?? '';
    const saved = await reviewer.graphql<{ saveBannerPlacement: { id: string; size: string } }>(SAVE_PLACEMENT, { input: { nameZh: '测试位置', nameEn: 'Test placement', width: 320, height: 240, active: true } });
    expect(saved.body.data?.saveBannerPlacement.size).toBe('320×240 px');
    placementId = saved.body.data?.saveBannerPlacement.id ?? '';
  }, 120_000);
  afterAll(() => app.close());

  async function exhibitor() {
    const signed = await signedInClient(app, 'exhibitor');
    const picture = await uploadPicture(signed.client, 'BANNER');
    return { ...signed, picture };
  }

  const input = (pictureId: string, overrides: Record<string, unknown> = {}) => ({ title: '雷霆 800 新品发布', placementId, pictureId, linkUrl: 'https://www.motu.example.com/thunder', ...overrides });

  it.each<[string, Record<string, unknown>, string]>([
    ['title', { title: '' }, 'SUBMISSION_TEXT_REQUIRED'],
    ['title length', { title: 'x'.repeat(61) }, 'SUBMISSION_TEXT_TOO_LONG'],
    ['linkUrl', { linkUrl: 'ftp://example.com' }, 'SUBMISSION_URL_INVALID'],
    ['placementId', { placementId: crypto.randomUUID() }, 'BANNER_PLACEMENT_INVALID'],
    ['pictureId', { pictureId: 'x' }, 'BANNER_PICTURE_REQUIRED'],
    ['picture size for the placement', { placementId: 'carousel' }, 'BANNER_PICTURE_SIZE_MISMATCH'],
  ])('refuses a bad %s on the server', async (_field, overrides, code) => {
    const { client, picture } = await exhibitor();
    const placement = overrides.placementId === 'carousel' ? { placementId: carouselId } : {};
    expect(errorCode((await client.graphql(SUBMIT, { input: input(picture.id, { ...overrides, ...placement }) })).body)).toBe(code);
  });

  it("holds every banner to its placement's size: another shape or a smaller picture is refused, the size within 5 % is taken", async () => {
    const { client } = await exhibitor();
    const wide = await uploadPicture(client, 'BANNER', await noisePicture(1200, 200));
    const refused = await client.graphql<unknown>(SUBMIT, { input: input(wide.id, { placementId: carouselId }) });
    expect(errorCode(refused.body)).toBe('BANNER_PICTURE_SIZE_MISMATCH');
    expect(JSON.stringify(refused.body)).toContain('1920×600 px');
    const fitting = await uploadPicture(client, 'BANNER', await noisePicture(1880, 590));
    const filed = await client.graphql<{ submitBannerApplication: { status: string } }>(SUBMIT, { input: input(fitting.id, { placementId: carouselId }) });
    expect(filed.body.data?.submitBannerApplication.status).toBe('PENDING');
  });

  it('refuses a placement size that is not whole pixels within bounds', async () => {
    for (const size of [{ width: 0, height: 600 }, { width: 1920, height: 50 }, { width: 1920, height: 30_000 }]) {
      const { body } = await reviewer.graphql(SAVE_PLACEMENT, { input: { nameZh: '位置', nameEn: 'Placement', ...size, active: true } });
      expect(errorCode(body)).toBe('BANNER_PLACEMENT_SIZE_INVALID');
    }
  });

  it('takes no application for a closed placement, and exhibitors see open placements only', async () => {
    const created = await reviewer.graphql<{ saveBannerPlacement: { id: string } }>(SAVE_PLACEMENT, { input: { nameZh: '临时位置', nameEn: 'Temporary', width: 100, height: 100, active: false } });
    const closed = created.body.data?.saveBannerPlacement.id ?? '';
    const { client, picture } = await exhibitor();
    const seen = await client.graphql<{ bannerPlacements: Array<{ id: string }> }>(PLACEMENTS);
    expect(seen.body.data?.bannerPlacements.map((placement) => placement.id)).not.toContain(closed);
    expect(errorCode((await client.graphql(SUBMIT, { input: input(picture.id, { placementId: closed }) })).body)).toBe('BANNER_PLACEMENT_INVALID');
    expect(errorCode((await client.graphql(SAVE_PLACEMENT, { input: { nameZh: 'x', nameEn: 'x', width: 100, height: 100, active: true } })).body)).toBe('FORBIDDEN');
  });

  it('files, approves and keeps an approved banner read-only; another company never reads or edits it', async () => {
    const owner = await exhibitor();
    const filed = await owner.client.graphql<{ submitBannerApplication: { id: string; status: string; picture: { url: string } } }>(SUBMIT, { input: input(owner.picture.id) });
    expect(filed.body.data?.submitBannerApplication.status).toBe('PENDING');
    const id = filed.body.data?.submitBannerApplication.id ?? '';
    const other = await exhibitor();
    expect((await other.client.graphql(DETAIL, { id })).body.data).toEqual({ bannerApplication: null });
    expect(errorCode((await other.client.graphql(SUBMIT, { input: input(other.picture.id, { id }) })).body)).toBe('NOT_FOUND');
    expect(errorCode((await other.client.graphql(SUBMIT, { input: input(owner.picture.id) })).body)).toBe('SUBMISSION_PHOTO_INVALID');
    expect((await other.client.graphql<{ myBannerApplications: { total: number } }>(MINE)).body.data?.myBannerApplications.total).toBe(0);
    expect((await other.client.fetch(owner.picture.url)).status).toBe(404);
    expect((await reviewer.fetch(owner.picture.url)).status).toBe(200);
    expect((await reviewer.graphql(APPROVE, { ids: [id] })).body.data).toEqual({ approveBannerApplications: [{ id, status: 'APPROVED' }] });
    expect(errorCode((await owner.client.graphql(SUBMIT, { input: input(owner.picture.id, { id }) })).body)).toBe('SUBMISSION_NOT_EDITABLE');
  });

  it('exports the filtered queue with the company, its booth and the placement to print at, audited', async () => {
    const owner = await exhibitor();
    const id = (await owner.client.graphql<{ submitBannerApplication: { id: string } }>(SUBMIT, { input: input(owner.picture.id) })).body.data?.submitBannerApplication.id ?? '';
    const { client: exporter, account: exporterAccount } = await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR']);
    await exporter.graphql(REJECT, { ids: [id], reason: '链接打不开' });
    const exhibitorId = owner.account.exhibitorId ?? '';
    const response = await exporter.fetch(`/apis/files/exports/banners.xlsx?exhibitorId=${exhibitorId}&status=REJECTED`, { headers: { 'accept-language': 'zh-CN' } });
    expect(response.status).toBe(200);
    const [header, ...rows] = await sheetTexts(await response.arrayBuffer());
    expect(header).toEqual(['提交时间', '状态', '展商', '展位号', '标题', '投放位置', '尺寸', '链接', '拒绝原因']);
    expect(rows).toEqual([[expect.stringMatching(/^\d{4}-/), '未通过', expect.any(String), 'B-2', '雷霆 800 新品发布', '测试位置', '320×240 px', 'https://www.motu.example.com/thunder', '链接打不开']]);
    const audited = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'banner.export'), eq(auditLog.actorId, exporterAccount.id)));
    expect(audited.map((row) => row.detail)).toEqual([expect.objectContaining({ rows: 1, locale: 'zh-CN' })]);
    expect((await sheetTexts(await (await owner.client.fetch('/apis/files/exports/banners.xlsx')).arrayBuffer())).slice(1).map((row) => row[4])).toEqual(['雷霆 800 新品发布']);
    const { client: hardware } = await signedInClient(app, 'organizer', ['ROLE_HARDWARE']);
    expect((await hardware.fetch('/apis/files/exports/banners.xlsx')).status).toBe(403);
  });

  it('lets only ROLE_SUPER_ADMIN and ROLE_EXHIBITOR organizers use the queue', async () => {
    const owner = await exhibitor();
    const id = (await owner.client.graphql<{ submitBannerApplication: { id: string } }>(SUBMIT, { input: input(owner.picture.id) })).body.data?.submitBannerApplication.id ?? '';
    const { client: other } = await signedInClient(app, 'organizer', ['ROLE_AUDIENCE', 'ROLE_HARDWARE']);
    for (const [query, variables] of [
      [LIST, {}],
      [APPROVE, { ids: [id] }],
      [REJECT, { ids: [id], reason: 'x' }],
      [SAVE_PLACEMENT, { input: { nameZh: 'x', nameEn: 'x', width: 100, height: 100, active: true } }],
    ] as const) {
      expect(errorCode((await other.graphql(query, variables)).body)).toBe('FORBIDDEN');
      expect(errorCode((await owner.client.graphql(query, variables)).body)).toBe('FORBIDDEN');
      expect(errorCode((await app.client().graphql(query, variables)).body)).toBe('UNAUTHENTICATED');
    }
    const { client: admin } = await signedInClient(app, 'organizer', ['ROLE_SUPER_ADMIN']);
    expect((await admin.graphql(REJECT, { ids: [id], reason: '尺寸不符' })).body.data).toEqual({ rejectBannerApplications: [{ id, status: 'REJECTED' }] });
  });
});
