import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient, uploadPicture } from '../../test/submissions';

const SUBMIT = `mutation ($input: ProductApplicationInput!) { submitProductApplication(input: $input) { id status photos { id url } } }`;
const MINE = `{ myProductApplications { total nodes { id } } }`;
const DETAIL = `query ($id: ID!) { productApplication(id: $id) { id status statusHistory { toStatus } } }`;
const LIST = `query ($filter: SubmissionFilter) { productApplications(filter: $filter) { total nodes { id } } }`;
const APPROVE = `mutation ($ids: [ID!]!) { approveProductApplications(ids: $ids) { id status } }`;
const REJECT = `mutation ($ids: [ID!]!, $reason: String!) { rejectProductApplications(ids: $ids, reason: $reason) { id status } }`;

type Body = { errors?: Array<{ extensions: { code: string } }> };
const errorCode = (body: Body) => body.errors?.[0]?.extensions.code;

describe('product applications', () => {
  let app: TestApp;
  let reviewer: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    ({ client: reviewer } = await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR']));
  }, 120_000);
  afterAll(() => app.close());

  async function exhibitor() {
    const signed = await signedInClient(app, 'exhibitor');
    const photo = await uploadPicture(signed.client, 'PRODUCT');
    return { ...signed, photo, exhibitorId: signed.account.exhibitorId ?? '' };
  }

  const input = (photoIds: string[], overrides: Record<string, unknown> = {}) => ({
    nameZh: '雷霆 800 巡航',
    nameEn: 'Thunder 800 Cruiser',
    category: 'MOTORCYCLE',
    descriptionZh: '800cc 双缸水冷发动机，ABS 与牵引力控制。',
    descriptionEn: '800 cc liquid-cooled twin with ABS and traction control.',
    photoIds,
    ...overrides,
  });

  async function file(client: TestClient, photoIds: string[], overrides: Record<string, unknown> = {}) {
    const { body } = await client.graphql<{ submitProductApplication: { id: string; status: string } }>(SUBMIT, { input: input(photoIds, overrides) });
    expect(body.errors).toBeUndefined();
    return body.data?.submitProductApplication.id ?? '';
  }

  it.each([
    ['nameZh', { nameZh: '' }, 'SUBMISSION_TEXT_REQUIRED'],
    ['nameEn', { nameEn: 'x'.repeat(101) }, 'SUBMISSION_TEXT_TOO_LONG'],
    ['category', { category: 'TRACTOR' }, 'VALIDATION_FAILED'],
    ['descriptionZh', { descriptionZh: ' ' }, 'SUBMISSION_TEXT_REQUIRED'],
    ['descriptionEn', { descriptionEn: '' }, 'SUBMISSION_TEXT_REQUIRED'],
    ['photoIds (none)', { photoIds: [] }, 'PRODUCT_PHOTOS_REQUIRED'],
  ])('refuses a bad %s on the server', async (_field, overrides, code) => {
    const { client, photo } = await exhibitor();
    expect(errorCode((await client.graphql(SUBMIT, { input: input([photo.id], overrides) })).body)).toBe(code);
  });

  it('refuses more than six pictures, repeated pictures, and another account’s picture', async () => {
    const { client, photo } = await exhibitor();
    const other = await exhibitor();
    expect(errorCode((await client.graphql(SUBMIT, { input: input(Array.from({ length: 7 }, () => crypto.randomUUID())) })).body)).toBe('PRODUCT_PHOTOS_REQUIRED');
    expect(errorCode((await client.graphql(SUBMIT, { input: input([photo.id, photo.id]) })).body)).toBe('PRODUCT_PHOTOS_REQUIRED');
    expect(errorCode((await client.graphql(SUBMIT, { input: input([other.photo.id]) })).body)).toBe('SUBMISSION_PHOTO_INVALID');
  });

  it('files, rejects, edits back to PENDING, approves, and keeps the approved one read-only', async () => {
    const { client, photo } = await exhibitor();
    const id = await file(client, [photo.id]);
    expect((await reviewer.graphql(REJECT, { ids: [id], reason: '图片不清晰' })).body.data).toMatchObject({ rejectProductApplications: [{ id, status: 'REJECTED' }] });
    const second = await uploadPicture(client, 'PRODUCT');
    expect(await file(client, [photo.id, second.id], { id })).toBe(id);
    expect((await reviewer.graphql(APPROVE, { ids: [id] })).body.data).toMatchObject({ approveProductApplications: [{ id, status: 'APPROVED' }] });
    expect(errorCode((await client.graphql(SUBMIT, { input: input([photo.id], { id }) })).body)).toBe('SUBMISSION_NOT_EDITABLE');
    const detail = await client.graphql<{ productApplication: { statusHistory: Array<{ toStatus: string }> } }>(DETAIL, { id });
    expect(detail.body.data?.productApplication.statusHistory.map((change) => change.toStatus)).toEqual(['PENDING', 'REJECTED', 'PENDING', 'APPROVED']);
  });

  it('never lets one exhibitor read or change another’s application, by id or by file URL', async () => {
    const owner = await exhibitor();
    const id = await file(owner.client, [owner.photo.id]);
    const other = await exhibitor();
    expect((await other.client.graphql(DETAIL, { id })).body.data).toEqual({ productApplication: null });
    expect(errorCode((await other.client.graphql(SUBMIT, { input: input([other.photo.id], { id }) })).body)).toBe('NOT_FOUND');
    expect((await other.client.graphql<{ myProductApplications: { total: number } }>(MINE)).body.data?.myProductApplications.total).toBe(0);
    expect((await other.client.fetch(owner.photo.url)).status).toBe(404);
    expect((await owner.client.fetch(owner.photo.url)).status).toBe(200);
    expect((await reviewer.fetch(owner.photo.url)).status).toBe(200);
    const otherExport = await other.client.fetch('/apis/files/exports/products.xlsx');
    expect(await rowsOf(otherExport)).toEqual([]);
  });

  it('lets only ROLE_SUPER_ADMIN and ROLE_EXHIBITOR organizers use the queue', async () => {
    const owner = await exhibitor();
    const id = await file(owner.client, [owner.photo.id]);
    const { client: audienceReviewer } = await signedInClient(app, 'organizer', ['ROLE_AUDIENCE', 'ROLE_TICKET']);
    for (const [query, variables] of [
      [LIST, {}],
      [APPROVE, { ids: [id] }],
      [REJECT, { ids: [id], reason: 'x' }],
    ] as const) {
      expect(errorCode((await audienceReviewer.graphql(query, variables)).body)).toBe('FORBIDDEN');
      expect(errorCode((await owner.client.graphql(query, variables)).body)).toBe('FORBIDDEN');
      expect(errorCode((await app.client().graphql(query, variables)).body)).toBe('UNAUTHENTICATED');
    }
    expect(errorCode((await audienceReviewer.graphql(DETAIL, { id })).body)).toBe('FORBIDDEN');
    expect((await audienceReviewer.fetch('/apis/files/exports/products.xlsx')).status).toBe(403);
    expect((await app.client().fetch('/apis/files/exports/products.xlsx')).status).toBe(401);
  });

  it('exports exactly the filtered rows, in the caller’s language', async () => {
    const owner = await exhibitor();
    const first = await file(owner.client, [owner.photo.id], { nameZh: '导出一号' });
    await file(owner.client, [owner.photo.id], { nameZh: '导出二号', category: 'GEAR' });
    await reviewer.graphql(APPROVE, { ids: [first] });
    const response = await reviewer.fetch(`/apis/files/exports/products.xlsx?exhibitorId=${owner.exhibitorId}&status=PENDING`);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await rowsOf(response);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(expect.arrayContaining(['导出二号', 'Thunder 800 Cruiser', 'Riding gear', 'Pending review', '1']));
    const own = await rowsOf(await owner.client.fetch('/apis/files/exports/products.xlsx'));
    expect(own.map((row) => row[3]).sort()).toEqual(['导出一号', '导出二号']);
  });
});

/** The data rows of a downloaded workbook (header row left out), as text. */
async function rowsOf(response: Response): Promise<string[][]> {
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row, index) => {
    if (index > 1) rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}
