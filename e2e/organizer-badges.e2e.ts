// The organizer's badge queue and /ticket through the real UI (badge office): three
// badges are applied for through the API as the demo exhibitor; the organizer filters the queue by a
// keyword, opens a badge (both photos side by side, the face-match score, the full ID number), rejects
// it with a reason and approves the two others in bulk; then a staff member on a phone retrieves the
// approved badge's QR at /ticket, and a wrong mobile number — or the rejected badge — gets the one
// "not found" answer. Pages are axe-checked and photographed in both languages
// (e2e/artifacts/badges-<page>-<locale>.png).
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { signIn, type CookieJar } from './support/api-session';
import { baseUrl, describeE2E, unlessPageFails, useBrowser, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { PATHS } from './support/paths';
import { facePicture, writeFacePicture, picturesDir, type Sample } from './support/pictures';
import { waitForVerificationCode } from './support/outbox';
import { checkPage, demoUsers, solveCaptcha, waitForSettled } from './support/portal';
import { uiText } from './support/texts';
import { checkInBothLanguages, mainlandId } from './support/visitor-journey';

interface Staff {
  id: string;
  name: string;
  namePinyin: string;
  phoneNumber: string;
  idNumber: string;
}

const GRAPHQL = '/apis/core/graphql';
const UPLOAD = 'mutation ($file: Upload!, $purpose: PhotoPurpose!) { uploadPhoto(file: $file, purpose: $purpose) { id } }';
const SAVE = 'mutation ($input: BadgeInput!) { saveBadge(input: $input) { id } }';
const APPROVE = 'mutation ($ids: [ID!]!) { approveBadges(ids: $ids) { id } }';
const BADGE_STATUS = 'query ($id: ID!) { badge(id: $id) { status statusHistory { fromStatus toStatus } } }';
/** Letters only (pinyin): this run's badges are found by it in the queue's keyword search. */
const TAG = Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const REASON = '入场证照片不清晰，请重新上传';

async function graphql<T>(jar: CookieJar, body: BodyInit, json: boolean): Promise<T> {
  const response = await fetch(`${baseUrl}${GRAPHQL}`, {
    method: 'POST',
    headers: { cookie: jar.header(), 'x-portal-client': 'web', ...(json ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown };
  if (!answer.data) throw new Error(`GraphQL answered ${response.status}: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

async function uploadPhoto(jar: CookieJar, sample: Sample, purpose: 'BADGE' | 'BADGE_ID'): Promise<string> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD, variables: { file: null, purpose } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(await facePicture(sample))], { type: 'image/jpeg' }), `${purpose}.jpg`);
  return (await graphql<{ uploadPhoto: { id: string } }>(jar, form, false)).uploadPhoto.id;
}

/** One badge application of the demo exhibitor, with a face picture of `sample` as both photos. */
async function applyForBadge(jar: CookieJar, sample: Sample, name: string, given: string): Promise<Staff> {
  const staff = {
    name,
    namePinyin: `${given} ${TAG}`,
    phoneNumber: `139${String(randomInt(100_000_000)).padStart(8, '0')}`,
    idNumber: mainlandId(`110105199${randomInt(10)}0${1 + randomInt(9)}1${randomInt(10)}${String(randomInt(1000)).padStart(3, '0')}`),
  };
  const input = {
    ...staff,
    countryCode: '+86',
    email: `${given.toLowerCase()}.${TAG}@example.com`,
    idType: 'MAINLAND_ID',
    country: 'CN',
    deptName: '销售部',
    position: '销售经理',
    companyNameZh: '演示摩托',
    companyNameEn: 'Demo Moto',
    entryPhotoId: await uploadPhoto(jar, sample, 'BADGE'),
    idPhotoId: await uploadPhoto(jar, sample, 'BADGE_ID'),
    truthConfirmed: true,
    sensitiveConsent: true,
  };
  const { saveBadge } = await graphql<{ saveBadge: { id: string } }>(jar, JSON.stringify({ query: SAVE, variables: { input } }), true);
  return { ...staff, id: saveBadge.id };
}

const row = (page: Page, staff: Staff) => page.getByTestId('badge-queue-table').locator(`tr[data-row-key="${staff.id}"]`);

async function openQueue(page: Page, search: string) {
  await page.goto(`${PATHS.organizerBadgeList}${search}`);
  await unlessPageFails(page, page.getByTestId('badge-queue-table').waitFor({ state: 'visible' }));
  await waitForSettled(page);
}

async function statusOf(page: Page, staff: Staff) {
  return row(page, staff).getByTestId('badge-queue-status').getAttribute('data-status');
}

/**
 * /ticket as staff at the gate use it: both numbers, then a press at once, while the captcha may still be loading
 * or solving. The one press is enough: the request goes out (the button busy meanwhile) and the dialog or an answer shows.
 */
async function lookUp(page: Page, staff: Staff, phoneNumber: string) {
  await page.getByTestId('badge-ticket-id-number').fill(staff.idNumber);
  await page.getByTestId('badge-ticket-phone').fill(phoneNumber);
  const answered = page.waitForResponse((response) => response.url().endsWith(GRAPHQL) && (response.request().postData() ?? '').includes('badgeTicket'));
  await page.getByTestId('badge-ticket-submit').click();
  await unlessPageFails(page, answered);
  await unlessPageFails(page, page.locator('[data-testid="badge-ticket-dialog"], [data-testid="badge-ticket-not-found"]').first().waitFor({ state: 'visible' }));
}

describeE2E('the organizer badge queue and /ticket', () => {
  const { open } = useBrowser();
  let rejected: Staff;
  let approved: Staff[];

  beforeAll(async () => {
    // The second demo company's account: the exhibitor badge journey fills the first one's limit.
    const exhibitor = await signIn(baseUrl, { identity: 'catalog@example.com', password: 'Catalog12345', scope: 'exhibitor' });
    rejected = await applyForBadge(exhibitor, 1, '周晓', 'Zhou');
    approved = [await applyForBadge(exhibitor, 3, '吴海', 'Wu'), await applyForBadge(exhibitor, 6, '郑雨', 'Zheng')];
  });

  it('filters the queue, reviews a badge in its detail, rejects it with a reason and approves two in bulk', async () => {
    const { page } = await open({ locale: 'zh-CN', device: 'desktop' });
    await signInDirect(page, demoUsers.organizer, 'zh-CN');

    // The keyword (this run's pinyin) narrows the pending queue to the three badges, and stays in the URL.
    await openQueue(page, '');
    await page.getByTestId('badge-queue-filter-keyword').locator('input').fill(TAG);
    await page.getByTestId('badge-queue-filter-keyword').locator('input').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(TAG);
    await expect.poll(() => page.getByTestId('badge-queue-table').locator('tbody tr[data-row-key]').count()).toBe(3);
    await checkInBothLanguages(page, 'badges-queue', 'zh-CN', 'badge-review:queueTitle', 'desktop');

    // The detail: the entry card photo beside the ID photo, the face-match score, the full ID number.
    await row(page, rejected).getByTestId('badge-queue-open').click();
    const detail = page.getByTestId('badge-detail');
    await unlessPageFails(page, detail.waitFor({ state: 'visible' }));
    for (const photo of ['badge-detail-entry-photo-img', 'badge-detail-id-photo-img']) {
      const image = page.getByTestId(photo).locator('xpath=descendant-or-self::img').first();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    }
    const [entryBox, idBox] = await Promise.all([page.getByTestId('badge-detail-entry-photo').boundingBox(), page.getByTestId('badge-detail-id-photo').boundingBox()]);
    expect(Math.abs((entryBox?.y ?? 0) - (idBox?.y ?? -1))).toBeLessThan(2);
    expect(entryBox?.x ?? 0).toBeLessThan(idBox?.x ?? 0);
    // Both photos are the same face: the server's score says so.
    expect(await page.getByTestId('badge-detail-face-match').getAttribute('data-level')).toBe('likely');
    expect(await page.getByTestId('badge-detail-face-match-score').innerText()).toMatch(/\d+%/);
    expect(await page.getByTestId('badge-detail-id-number').innerText()).toContain(rejected.idNumber);
    await checkPage(page, 'badges-detail-zh-CN');

    // Rejected with a reason from the drawer.
    await page.getByTestId('badge-queue-reject-one').click();
    await page.getByTestId('badge-queue-reject-reason').fill(REASON);
    await page.getByTestId('badge-queue-reject-submit').click();
    await detail.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, rejected).count()).toBe(0);

    // The two others approved together.
    for (const staff of approved) await row(page, staff).locator('input[type="checkbox"]').check();
    await page.getByTestId('badge-queue-approve-selected').click();
    await expect.poll(() => page.getByTestId('badge-queue-table').locator('tbody tr[data-row-key]').count()).toBe(0);

    // Every state, the same keyword (from the URL): one refused with its reason in the history, two approved.
    await openQueue(page, `?status=&keyword=${TAG}`);
    await expect.poll(() => statusOf(page, rejected)).toBe('REJECTED');
    for (const staff of approved) expect(await statusOf(page, staff)).toBe('APPROVED');
    await row(page, rejected).getByTestId('badge-queue-open').click();
    await unlessPageFails(page, page.getByTestId('badge-detail-history').waitFor({ state: 'visible' }));
    expect(await page.getByTestId('badge-detail-reject-reason').innerText()).toBe(REASON);
    expect(await page.getByTestId('badge-detail-history').innerText()).toContain(REASON);
    // A refused badge is not decided again; an approved one could still be withdrawn.
    expect(await page.getByTestId('badge-queue-approve-one').count()).toBe(0);
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await detail.waitFor({ state: 'detached' });

    // The export links carry the filter.
    const xlsx = new URL((await page.getByTestId('badge-queue-export-xlsx').getAttribute('href')) ?? '', baseUrl);
    expect(xlsx.pathname).toBe('/apis/files/exports/badges.xlsx');
    expect(xlsx.searchParams.get('keyword')).toBe(TAG);
    expect(new URL((await page.getByTestId('badge-queue-export-zip').getAttribute('href')) ?? '', baseUrl).searchParams.get('keyword')).toBe(TAG);
  });

  it.each<Locale>(['zh-CN', 'en-US'])('a staff member retrieves the badge QR at /ticket on a phone (%s)', async (locale) => {
    const { page } = await open({ locale, device: 'mobile' });
    const [staff] = approved;
    if (!staff) throw new Error('no approved badge');
    await page.goto(PATHS.ticket);
    await unlessPageFails(page, page.getByTestId('badge-ticket-page').waitFor({ state: 'visible' }));
    // Before the form is touched the captcha already shows its idle state (its checkbox and label), not an empty box.
    await expect.poll(() => page.getByTestId('captcha').innerText()).toContain(uiText(locale, 'auth:captcha.label'));
    if (locale === 'zh-CN') await checkInBothLanguages(page, 'badges-ticket', locale, 'badge-ticket:title', 'mobile');

    // A wrong mobile number and a refused badge get the same answer as an unknown ID number.
    await lookUp(page, staff, '13900000000');
    expect(await page.getByTestId('badge-ticket-not-found').innerText()).toContain(uiText(locale, 'badge-ticket:notFound'));
    // Once the widget is defined, its still copy is gone: one captcha box, one label.
    await expect.poll(() => page.getByTestId('captcha').locator('.captcha-placeholder').isVisible()).toBe(false);
    await lookUp(page, rejected, rejected.phoneNumber);
    expect(await page.getByTestId('badge-ticket-not-found').innerText()).toContain(uiText(locale, 'badge-ticket:notFound'));
    if (locale === 'en-US') await checkPage(page, `badges-ticket-not-found-${locale}`);

    // The right pair, with the country code this time: the QR, the name, the pinyin and the company.
    await lookUp(page, staff, `+86${staff.phoneNumber}`);
    const dialog = page.getByTestId('badge-ticket-dialog');
    expect(await dialog.getByTestId('ticket-qr').getAttribute('data-token')).toMatch(/^\S{20,}$/);
    expect(await page.getByTestId('badge-ticket-name').innerText()).toBe(staff.name);
    expect(await page.getByTestId('badge-ticket-pinyin').innerText()).toBe(staff.namePinyin);
    expect(await page.getByTestId('badge-ticket-company').innerText()).toBe('演示摩托');
    await checkPage(page, `badges-ticket-qr-${locale}`);

    // Saving the QR gives a PNG picture.
    const download = page.waitForEvent('download');
    await page.getByTestId('badge-ticket-save').click();
    expect((await download).suggestedFilename()).toMatch(/-qr\.png$/);
    await page.getByTestId('badge-ticket-close').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it.each<Locale>(['zh-CN', 'en-US'])('a staff member replaces the badge photo at /ticket with an SMS code, and the badge is back under review (%s)', async (locale) => {
    // A badge of its own, approved through the API by the organizer.
    const exhibitor = await signIn(baseUrl, { identity: 'catalog@example.com', password: 'Catalog12345', scope: 'exhibitor' });
    const staff = await applyForBadge(exhibitor, locale === 'zh-CN' ? 4 : 5, locale === 'zh-CN' ? '钱江' : '孙岚', locale === 'zh-CN' ? 'Qian' : 'Sun');
    const organizer = await signIn(baseUrl, { identity: demoUsers.organizer.identity, password: demoUsers.organizer.password, scope: 'organizer' });
    await graphql(organizer, JSON.stringify({ query: APPROVE, variables: { ids: [staff.id] } }), true);

    const { page } = await open({ locale, device: 'mobile' });
    await page.goto(PATHS.ticket);
    await unlessPageFails(page, page.getByTestId('badge-ticket-page').waitFor({ state: 'visible' }));
    await lookUp(page, staff, staff.phoneNumber);
    // The dialog's opening animation ends before its buttons are used (a click mid-zoom can miss). An animation the
    // dialog cancels (antd replaces its motion when it re-renders) rejects `finished`: it is over all the same.
    await page
      .locator('.ant-modal')
      .evaluate((modal) => Promise.all(modal.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))));
    await page.getByTestId('badge-ticket-replace-photo').click();
    const step = page.getByTestId('ticket-photo-replace');
    await unlessPageFails(page, step.waitFor({ state: 'visible' }));
    // No code yet: the photo cannot be chosen.
    expect(await page.getByTestId('photo-choose-BADGE').isDisabled()).toBe(true);

    // The code goes by SMS to the badge's mobile; the button counts down.
    await solveCaptcha(page, step);
    const askedAt = new Date();
    const sent = page.waitForResponse((response) => response.url().endsWith(GRAPHQL) && (response.request().postData() ?? '').includes('sendBadgePhotoCode'));
    await page.getByTestId('ticket-photo-send-code').click();
    await unlessPageFails(page, sent);
    await page.getByTestId('ticket-photo-code-sent').waitFor({ state: 'visible' });
    expect(await page.getByTestId('ticket-photo-send-code').isDisabled()).toBe(true);
    await page.getByTestId('ticket-photo-code').fill(await waitForVerificationCode(staff.phoneNumber, askedAt));
    await checkPage(page, `badges-ticket-photo-code-${locale}`);

    // Pick, crop (face checked in the browser), send: the badge is back under review.
    await page.getByTestId('photo-input-BADGE').setInputFiles(await writeFacePicture(picturesDir(), `ticket-photo-${locale}`, 2));
    const confirm = page.getByTestId('photo-crop-confirm');
    await unlessPageFails(page, confirm.waitFor({ state: 'visible' }));
    await expect.poll(() => confirm.isEnabled(), { timeout: 15_000 }).toBe(true);
    await confirm.click();
    // Face-api loads on first use (up to 45 s on a slow device), then the multipart request.
    const result = page.getByTestId('badge-ticket-photo-replaced');
    await unlessPageFails(page, result.waitFor({ state: 'visible', timeout: 90_000 }));
    expect(await result.innerText()).toContain(uiText(locale, 'badge-ticket:replaced.title'));
    await checkPage(page, `badges-ticket-photo-replaced-${locale}`);

    // The organizer sees it pending again, with the step in its history.
    const { badge } = await graphql<{ badge: { status: string; statusHistory: Array<{ fromStatus: string | null; toStatus: string }> } }>(
      organizer,
      JSON.stringify({ query: BADGE_STATUS, variables: { id: staff.id } }),
      true,
    );
    expect(badge.status).toBe('PENDING');
    expect(badge.statusHistory.at(-1)).toEqual({ fromStatus: 'APPROVED', toStatus: 'PENDING' });
  });
});
