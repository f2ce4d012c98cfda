// The exhibitor's badge pages through the real UI: the demo exhibitor applies for
// badges up to its limit (the first ones in the form, with photos and the face check; the rest through
// the API with the same photos, to reach the limit quickly), sees used / limit and the apply button
// disabled at the limit, meets the limit hit meanwhile (the server's error, nothing typed lost), deletes
// one, edits and resubmits a refused one (refused through the API as an organizer), sees an approved one
// read-only, and downloads both exports (xlsx with the rows, zip with the photos). Every page is
// axe-checked and photographed in both languages on a desktop and on a phone
// (e2e/artifacts/badge-<device>-<page>-<locale>.png).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { passForcedPasswordChange, signInDirect } from './support/exhibitor-session';
import { exactPath, PATHS } from './support/paths';
import { writeFacePicture } from './support/pictures';
import { checkPage, demoUsers, waitForPath, waitForSettled } from './support/portal';
import { chooseOption } from './support/select';
import { squash, uiText } from './support/texts';
import { checkInBothLanguages, mainlandId, uploadPhoto } from './support/visitor-journey';

/** The seed's first demo company (演示摩托 Demo Moto), credentialLimit 10, no badges yet. */
const LIMIT = 10;
const COMPANY_ZH = '演示摩托';
/** Names for the badges applied for through the API. */
const STAFF = ['王芳', '刘洋', '陈静', '杨帆', '赵磊', '黄丽', '周杰', '吴敏'];

let dir: string;
const pictures = { first: '', firstId: '', second: '', secondId: '' };
let password: string = demoUsers.exhibitor.password;
let serial = 0;

/** A fresh valid mainland ID number (GB 11643 check character). */
function nextIdNumber() {
  serial += 1;
  return mainlandId(`44030419900101${String(100 + serial).padStart(3, '0')}`);
}

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await page.request.post('/apis/core/graphql', { headers: { 'content-type': 'application/json', 'x-portal-client': 'web' }, data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  if (!body.data || body.errors?.length) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const SAVE = 'mutation ($input: BadgeInput!) { saveBadge(input: $input) { id } }';
const OWN = 'query ($filter: BadgeFilter) { ownBadges(filter: $filter, pageSize: 100) { used limit nodes { id name status entryPhoto { id } idPhoto { id } } } }';

interface OwnBadges {
  ownBadges: { used: number; limit: number; nodes: Array<{ id: string; name: string; status: string; entryPhoto: { id: string } | null; idPhoto: { id: string } | null }> };
}

/** Applies for a badge through the API with photos the company already uploaded (the limit is the server's). */
async function applyThroughApi(page: Page, name: string, photos: { entryPhotoId: string; idPhotoId: string }) {
  const input = {
    name,
    namePinyin: 'Api Staff',
    countryCode: '+86',
    phoneNumber: `139${String(10_000_000 + serial).slice(-8)}`,
    email: `staff${serial}@demo-moto.example.com`,
    idType: 'MAINLAND_ID',
    idNumber: nextIdNumber(),
    country: 'CN',
    deptName: '销售部',
    position: '销售代表',
    companyNameZh: COMPANY_ZH,
    companyNameEn: 'Demo Moto',
    ...photos,
    truthConfirmed: true,
    sensitiveConsent: true,
  };
  return (await graphql<{ saveBadge: { id: string } }>(page, SAVE, { input })).saveBadge.id;
}

async function choose(page: Page, testId: string, optionTestId: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId(optionTestId).click();
}

async function usage(page: Page) {
  const tag = page.getByTestId('badge-usage');
  await unlessPageFails(page, tag.waitFor({ state: 'visible' }));
  return `${await tag.getAttribute('data-used')}/${await tag.getAttribute('data-limit')}`;
}

async function openList(page: Page, query = '') {
  await page.goto(`${PATHS.exhibitorBadgeList}${query}`);
  await waitForPath(page, exactPath(PATHS.exhibitorBadgeList));
  await waitForSettled(page);
}

/** Fills the person's fields of a new badge (the company names come prefilled). */
async function fillPerson(page: Page, person: { name: string; phone: string; email: string; idNumber: string }) {
  await page.getByTestId('badge-name').fill(person.name);
  await page.getByTestId('badge-phoneNumber').fill(person.phone);
  await page.getByTestId('badge-email').fill(person.email);
  await choose(page, 'badge-idType', 'badge-id-type-option-MAINLAND_ID');
  await page.getByTestId('badge-idNumber').fill(person.idNumber);
  await chooseOption(page, page.getByTestId('badge-country'), '中国');
  await page.getByTestId('badge-deptName').fill('市场部');
  await page.getByTestId('badge-position').fill('展台经理');
}

async function confirmAndSubmit(page: Page) {
  await page.getByTestId('badge-consent').check();
  await page.getByTestId('badge-truth').check();
  await page.getByTestId('badge-submit').click();
}

/** The file a click on an export button saves (it is fetched with progress, then handed to the browser). */
async function exported(page: Page, kind: 'xlsx' | 'zip'): Promise<Buffer> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId(`badge-export-${kind}`).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${kind}$`));
  return readFileSync(await file.path());
}

async function sheetRows(buffer: ArrayBuffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
}

const arrayBufferOf = (buffer: Buffer) => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

describeE2E('exhibitor badges', () => {
  const { open } = useBrowser();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'badge-e2e-'));
    pictures.first = await writeFacePicture(dir, 'first', 1);
    pictures.firstId = await writeFacePicture(dir, 'first-id', 1, 0.25);
    pictures.second = await writeFacePicture(dir, 'second', 3);
    pictures.secondId = await writeFacePicture(dir, 'second-id', 3, 0.25);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies up to the limit, deletes, resubmits a refused badge and exports (desktop)', async () => {
    const exhibitor = await open({ locale: 'zh-CN', device: 'desktop' });
    const page = exhibitor.page;
    await signInDirect(page, { ...demoUsers.exhibitor, password }, 'zh-CN');
    password = await passForcedPasswordChange(page, password, `${password}x`);

    // The empty list: 0 / limit, in both languages.
    await openList(page);
    await expect.poll(() => usage(page), { timeout: 15_000 }).toBe(`0/${LIMIT}`);
    await page.getByTestId('badge-empty').waitFor();
    await checkInBothLanguages(page, 'badge-desktop-01-list-empty', 'zh-CN', 'badge:listTitle', 'desktop');

    // The first badge in the form: the pinyin follows the Chinese name; the company names are prefilled.
    await page.getByTestId('badge-apply').click();
    await waitForPath(page, exactPath(PATHS.exhibitorBadge));
    await page.getByTestId('badge-form').waitFor();
    expect(await page.getByTestId('badge-companyNameZh').inputValue()).toBe(COMPANY_ZH);
    await checkInBothLanguages(page, 'badge-desktop-02-form-new', 'zh-CN', 'badge:newTitle', 'desktop');
    await fillPerson(page, { name: '张伟', phone: '13912345678', email: 'zhang.wei@demo-moto.example.com', idNumber: '440304199001011234' });
    expect(await page.getByTestId('badge-namePinyin').inputValue()).toBe('Zhang Wei');
    // The shared schema's rule at its field: a mainland ID number with a wrong check character.
    await page.getByTestId('badge-idNumber').blur();
    await unlessPageFails(page, page.getByText(uiText('zh-CN', 'errors:BADGE_ID_NUMBER_INVALID'), { exact: false }).first().waitFor());
    await page.getByTestId('badge-idNumber').fill(nextIdNumber());
    await uploadPhoto(page, 'BADGE', pictures.first);
    await uploadPhoto(page, 'BADGE_ID', pictures.firstId);
    await confirmAndSubmit(page);
    await waitForPath(page, exactPath(PATHS.exhibitorBadgeList));
    await expect.poll(() => usage(page), { timeout: 15_000 }).toBe(`1/${LIMIT}`);

    // The rest up to limit − 1 through the API with the same photos.
    const mine = await graphql<OwnBadges>(page, OWN, {});
    const photos = { entryPhotoId: mine.ownBadges.nodes[0]?.entryPhoto?.id ?? '', idPhotoId: mine.ownBadges.nodes[0]?.idPhoto?.id ?? '' };
    for (const name of STAFF.slice(0, LIMIT - 2)) await applyThroughApi(page, name, photos);
    await openList(page);
    await expect.poll(() => usage(page), { timeout: 15_000 }).toBe(`${LIMIT - 1}/${LIMIT}`);

    // The last place is taken meanwhile (another colleague, another tab): the server's refusal is shown
    // and nothing typed is lost; a deletion in another tab makes room and the same form goes through.
    await page.getByTestId('badge-apply').click();
    await page.getByTestId('badge-form').waitFor();
    await fillPerson(page, { name: '李娜', phone: '13812345678', email: 'li.na@demo-moto.example.com', idNumber: nextIdNumber() });
    expect(await page.getByTestId('badge-namePinyin').inputValue()).toBe('Li Na');
    // Once the user writes the pinyin, the name no longer overwrites it.
    await page.getByTestId('badge-namePinyin').fill('Lee Na');
    await page.getByTestId('badge-name').fill('李娜娜');
    expect(await page.getByTestId('badge-namePinyin').inputValue()).toBe('Lee Na');
    await page.getByTestId('badge-name').fill('李娜');
    await uploadPhoto(page, 'BADGE', pictures.second);
    await uploadPhoto(page, 'BADGE_ID', pictures.secondId);
    const lastPlace = await applyThroughApi(page, '孙悦', photos);
    await confirmAndSubmit(page);
    await unlessPageFails(page, page.locator('.ant-notification-notice', { hasText: uiText('zh-CN', 'errors:BADGE_LIMIT_REACHED') }).waitFor());
    expect(await page.getByTestId('badge-name').inputValue()).toBe('李娜');
    expect(await page.getByTestId('badge-namePinyin').inputValue()).toBe('Lee Na');
    expect(await page.getByTestId('photo-upload-BADGE').getAttribute('data-photo-id')).not.toBe('');

    const tab = await page.context().newPage();
    await openList(tab);
    await expect.poll(() => usage(tab), { timeout: 15_000 }).toBe(`${LIMIT}/${LIMIT}`);
    expect(await tab.getByTestId('badge-apply').isDisabled()).toBe(true);
    await tab.getByTestId('badge-limit-reached').waitFor();
    await checkInBothLanguages(tab, 'badge-desktop-03-list-full', 'zh-CN', 'badge:listTitle', 'desktop');
    await tab.locator(`tr[data-row-key="${lastPlace}"]`).getByTestId('badge-row-delete').click();
    await tab.getByTestId('badge-delete-confirm').click();
    await expect.poll(() => usage(tab), { timeout: 15_000 }).toBe(`${LIMIT - 1}/${LIMIT}`);
    expect(await tab.locator(`tr[data-row-key="${lastPlace}"]`).count()).toBe(0);
    await tab.close();

    await page.getByTestId('badge-submit').click();
    await waitForPath(page, exactPath(PATHS.exhibitorBadgeList));
    await expect.poll(() => usage(page), { timeout: 15_000 }).toBe(`${LIMIT}/${LIMIT}`);
    expect(await page.getByTestId('badge-apply').isDisabled()).toBe(true);

    // The organizer refuses 李娜's badge and approves 张伟's (through the API: the queue is another page).
    const all = (await graphql<OwnBadges>(page, OWN, {})).ownBadges.nodes;
    const liNa = all.find((badge) => badge.name === '李娜')?.id ?? '';
    const zhangWei = all.find((badge) => badge.name === '张伟')?.id ?? '';
    const organizer = await open({ locale: 'zh-CN', device: 'desktop' });
    await signInDirect(organizer.page, demoUsers.organizer, 'zh-CN');
    await graphql(organizer.page, 'mutation ($ids: [ID!]!, $reason: String!) { rejectBadges(ids: $ids, reason: $reason) { id } }', { ids: [liNa], reason: '照片不清晰，请重新上传' });
    await graphql(organizer.page, 'mutation ($ids: [ID!]!) { approveBadges(ids: $ids) { id } }', { ids: [zhangWei] });

    // The refused badge no longer counts; the status filter finds it; its reason and history show.
    await openList(page);
    await expect.poll(() => usage(page), { timeout: 15_000 }).toBe(`${LIMIT - 1}/${LIMIT}`);
    await page.getByTestId('badge-filter-status').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: uiText('zh-CN', 'submission:status.REJECTED') }).click();
    await expect.poll(() => page.locator('tr[data-status]').count(), { timeout: 15_000 }).toBe(1);
    expect(new URL(page.url()).searchParams.get('status')).toBe('REJECTED');
    await page.getByTestId('badge-row-open').click();
    await waitForPath(page, exactPath(`${PATHS.exhibitorBadge}/${liNa}`));
    await unlessPageFails(page, page.getByTestId('badge-reject-reason').waitFor());
    expect(await page.getByTestId('badge-reject-reason').innerText()).toContain('照片不清晰');
    await page.getByTestId('badge-history').waitFor();
    await checkInBothLanguages(page, 'badge-desktop-04-form-refused', 'zh-CN', 'badge:editTitle', 'desktop');
    // Edited (a new photo) and resubmitted → PENDING.
    await uploadPhoto(page, 'BADGE', pictures.second);
    await page.getByTestId('badge-position').fill('技术支持');
    await confirmAndSubmit(page);
    await waitForPath(page, exactPath(PATHS.exhibitorBadgeList));
    await expect.poll(() => usage(page), { timeout: 15_000 }).toBe(`${LIMIT}/${LIMIT}`);
    await openList(page, '?status=PENDING&keyword=%E6%9D%8E%E5%A8%9C');
    await expect.poll(() => page.locator('tr[data-status="PENDING"]').count(), { timeout: 15_000 }).toBe(1);

    // The approved badge is read-only and cannot be deleted.
    await openList(page, '?status=APPROVED');
    await expect.poll(() => page.locator('tr[data-status="APPROVED"]').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('badge-row-delete').count()).toBe(0);
    await page.getByTestId('badge-row-open').click();
    await unlessPageFails(page, page.getByTestId('badge-approved-notice').waitFor());
    expect(await page.getByTestId('badge-submit').count()).toBe(0);
    expect(await page.getByTestId('badge-name').isDisabled()).toBe(true);
    await checkInBothLanguages(page, 'badge-desktop-05-form-approved', 'zh-CN', 'badge:editTitle', 'desktop');

    // A created-between range that holds nothing gives the filtered empty state.
    await openList(page, '?createdFrom=2000-01-01T00%3A00%3A00.000Z&createdTo=2000-01-02T00%3A00%3A00.000Z');
    await page.getByTestId('badge-empty').waitFor();
    expect(squash(await page.getByTestId('badge-empty').innerText())).toBe(squash(uiText('zh-CN', 'badge:emptyFiltered')));

    // Both exports of the whole list: the xlsx holds every row, the zip the xlsx and every entry card photo.
    await openList(page);
    const xlsx = await exported(page, 'xlsx');
    const rows = await sheetRows(arrayBufferOf(xlsx));
    expect(rows).toHaveLength(LIMIT + 1);
    expect(rows.flat()).toContain('张伟');
    expect(rows.flat()).toContain('Lee Na');
    const zip = await JSZip.loadAsync(await exported(page, 'zip'));
    const files = Object.keys(zip.files);
    expect(files.filter((name) => name.startsWith('photos/') && name.endsWith('.jpg'))).toHaveLength(LIMIT);
    expect(files.some((name) => name.startsWith('photos/leena-'))).toBe(true);
    const inner = files.find((name) => name.endsWith('.xlsx')) ?? '';
    expect(await sheetRows(await zip.file(inner)!.async('arraybuffer'))).toHaveLength(LIMIT + 1);

    expect(exhibitor.problems).toEqual([]);
    expect(organizer.problems).toEqual([]);
  });

  it('shows the list with used / limit and the badge form on a phone, in both languages', async () => {
    const exhibitor = await open({ locale: 'en-US', device: 'mobile' });
    const page = exhibitor.page;
    await signInDirect(page, { ...demoUsers.exhibitor, password }, 'en-US');
    await openList(page);
    // The count stays in view on a phone.
    await expect.poll(() => usage(page), { timeout: 15_000 }).toBe(`${LIMIT}/${LIMIT}`);
    expect(await page.getByTestId('badge-usage').isVisible()).toBe(true);
    expect(await page.getByTestId('badge-apply').isDisabled()).toBe(true);
    await checkInBothLanguages(page, 'badge-mobile-01-list', 'zh-CN', 'badge:listTitle', 'mobile');

    // A pending badge opens in the form, editable, with its history.
    await openList(page, '?status=PENDING');
    await page.getByTestId('badge-row-open').first().click();
    await page.getByTestId('badge-form').waitFor();
    await page.getByTestId('badge-history').waitFor();
    expect(await page.getByTestId('badge-submit').isEnabled()).toBe(true);
    await checkInBothLanguages(page, 'badge-mobile-02-form', 'zh-CN', 'badge:editTitle', 'mobile');

    // Every rule reports at once, each at its field: an emptied name and a mainland mobile of 7 digits.
    await page.getByTestId('badge-name').fill('');
    await page.getByTestId('badge-phoneNumber').fill('1234567');
    await page.getByTestId('badge-submit').click();
    const shown = async () => (await page.locator('.ant-form-item-explain-error').allTextContents()).join('|');
    const either = (key: string) => [uiText('zh-CN', key), uiText('en-US', key)];
    const showsBoth = (all: string) => ['errors:BADGE_NAME_INVALID', 'errors:BADGE_PHONE_INVALID'].every((key) => either(key).some((text) => all.includes(text)));
    await expect.poll(async () => showsBoth(await shown())).toBe(true);
    await checkPage(page, 'badge-mobile-03-form-errors');
    expect(exhibitor.problems).toEqual([]);
  });
});
