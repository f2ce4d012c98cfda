// Catalog entries, banners and products through the real UI : the exhibitor files
// the catalog entry, a banner and a product application; the organizer approves each from its queue;
// the product export downloads and opens, and so do the organizer's catalog and banner exports. Every page is axe-checked and photographed in both languages
// on a desktop and on a phone (e2e/artifacts/catalog-<device>-<page>-<locale>.png); the exhibitor's pages in
// zh-CN only, the language the exhibitor area is always shown in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { downloadSheetColumn } from './support/spreadsheets';
import { describeE2E, unlessPageFails, useBrowser, type Device, type Locale } from './support/browser';
import { passForcedPasswordChange, signInDirect } from './support/exhibitor-session';
import { exactPath, PATHS } from './support/paths';
import { checkPage, cutContent, demoUsers, waitForPath, waitForSettled } from './support/portal';
import { chooseOption } from './support/select';
import { uiText } from './support/texts';
import { writeNoisePicture } from './support/pictures';
import { checkInBothLanguages, uploadPicture } from './support/visitor-journey';

/** The seed's second demo company (server/src/seed/demo-seed.ts), booth A-102. */
const EXHIBITOR = { ...demoUsers.exhibitor, identity: 'catalog@example.com', password: 'Catalog12345' };
const COMPANY = '摩途科技有限公司';
const PRODUCT = '雷霆 800 巡航';
const BANNER = '雷霆 800 新品发布';

let dir: string;
const pictures: Record<'logo' | 'banner' | 'smallBanner' | 'product', string> = { logo: '', banner: '', smallBanner: '', product: '' };

/** Opens the queue row holding `text`, approves it from the detail drawer, and waits for the drawer to close. */
async function approveFromQueue(page: Page, queue: string, path: string, text: string) {
  await page.goto(path);
  await waitForPath(page, exactPath(path));
  const row = page.getByTestId(`${queue}-table`).locator('tr', { hasText: text }).first();
  await unlessPageFails(page, row.waitFor({ state: 'visible' }));
  await row.getByTestId(`${queue}-open`).click();
  // The drawer's code loads on the first opening (DESIGN §7): photographed once open (zh-CN here, en-US below).
  await unlessPageFails(page, page.getByTestId(`${queue}-approve-one`).waitFor({ state: 'visible' }));
  await checkPage(page, `${queue}-detail-zh-CN`);
  await page.getByTestId(`${queue}-approve-one`).click();
  await page.getByTestId(`${queue}-approve-one`).waitFor({ state: 'detached' });
}

async function readStatus(page: Page, testId: string) {
  await unlessPageFails(page, page.getByTestId(testId).first().waitFor({ state: 'visible' }));
  return page.getByTestId(testId).first().getAttribute('data-status');
}

describeE2E('catalog, banners and products', () => {
  const { open } = useBrowser();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'catalog-e2e-'));
    pictures.logo = await writeNoisePicture(join(dir, 'logo.jpg'), 400, 400);
    // The website carousel takes 1920×600 px (within 5 %): the small one is refused.
    pictures.banner = await writeNoisePicture(join(dir, 'banner.jpg'), 1920, 600);
    pictures.smallBanner = await writeNoisePicture(join(dir, 'banner-small.jpg'), 900, 300);
    pictures.product = await writeNoisePicture(join(dir, 'product.jpg'), 640, 480);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('files the catalog entry, a banner and a product; the organizer approves them; the export opens', async () => {
    const exhibitor = await open({ locale: 'zh-CN', device: 'desktop' });
    const page = exhibitor.page;
    await signInDirect(page, EXHIBITOR, 'zh-CN');
    await passForcedPasswordChange(page, EXHIBITOR.password, `${EXHIBITOR.password}x`);

    // The catalog entry (booth number from the exhibitor record).
    await page.goto(PATHS.exhibitorCatalog);
    await unlessPageFails(page, page.getByTestId('catalog-form').waitFor({ state: 'visible' }));
    expect(await page.getByTestId('catalog-booth').innerText()).toBe('A-102');
    await page.getByTestId('catalog-companyNameZh').fill(COMPANY);
    await page.getByTestId('catalog-companyNameEn').fill('Motu Technology Co., Ltd.');
    await page.getByTestId('catalog-address').fill('重庆市渝北区金开大道 88 号');
    await page.getByTestId('catalog-websiteUrl').fill('https://www.motu.example.com');
    await page.getByTestId('catalog-linkman').fill('王经理');
    await page.getByTestId('catalog-telephone').fill('+86 23 6000 1234');
    await page.getByTestId('catalog-email').fill('expo@motu.example.com');
    await page.getByTestId('catalog-profileZh').fill('摩途科技专注于中大排量摩托车的研发与制造，产品远销六十多个国家和地区。');
    await page.getByTestId('catalog-profileEn').fill('Motu Technology develops and builds mid- and large-displacement motorcycles, sold in more than sixty countries and regions.');
    await uploadPicture(page, 'CATALOG', pictures.logo);
    await page.getByTestId('catalog-submit').click();
    await expect.poll(() => readStatus(page, 'catalog-status')).toBe('PENDING');

    // A banner application.
    await page.goto(PATHS.exhibitorBanner);
    await unlessPageFails(page, page.getByTestId('banner-form').waitFor({ state: 'visible' }));
    await page.getByTestId('banner-title').fill(BANNER);
    // The placement sets the picture's size: the form says so, and a picture too small is refused at once.
    expect(await page.getByTestId('banner-picture-rule').innerText()).toBe(uiText('zh-CN', 'banner:placementFirst'));
    await chooseOption(page, page.getByTestId('banner-placement'), '官网首页轮播图');
    expect(await page.getByTestId('banner-picture-rule').innerText()).toContain('1920×600 px');
    await page.getByTestId('banner-linkUrl').fill('https://www.motu.example.com/thunder');
    const pictureField = page.locator('.ant-form-item').filter({ has: page.getByTestId('photo-upload-BANNER') });
    await uploadPicture(page, 'BANNER', pictures.smallBanner);
    await expect.poll(() => pictureField.locator('.ant-form-item-explain-error').innerText()).toContain('1920×600 px');
    await checkPage(page, 'catalog-banner-too-small-zh-CN');
    await uploadPicture(page, 'BANNER', pictures.banner);
    await expect.poll(() => pictureField.locator('.ant-form-item-explain-error').count()).toBe(0);
    await page.getByTestId('banner-submit').click();
    await expect.poll(() => readStatus(page, 'banner-row-status')).toBe('PENDING');
    // Sent: the form is a new, empty one (nothing invites the same banner twice).
    await expect.poll(() => page.getByTestId('banner-title').inputValue()).toBe('');
    expect(await page.getByTestId('banner-linkUrl').inputValue()).toBe('https://');
    expect(await page.getByTestId('photo-upload-BANNER').getAttribute('data-photo-id')).toBeFalsy();

    // A product application.
    await page.goto(PATHS.exhibitorProductList);
    await page.getByTestId('product-new').click();
    await waitForPath(page, exactPath(PATHS.exhibitorProduct));
    await page.getByTestId('product-nameZh').fill(PRODUCT);
    await page.getByTestId('product-nameEn').fill('Thunder 800 Cruiser');
    await chooseOption(page, page.getByTestId('product-category'), '摩托车');
    await page.getByTestId('product-descriptionZh').fill('800cc 双缸水冷发动机，ABS 与牵引力控制。');
    await page.getByTestId('product-descriptionEn').fill('800 cc liquid-cooled twin with ABS and traction control.');
    await uploadPicture(page, 'PRODUCT', pictures.product);
    await page.getByTestId('product-submit').click();
    await waitForPath(page, exactPath(PATHS.exhibitorProductList));
    await expect.poll(() => readStatus(page, 'product-row-status')).toBe('PENDING');

    // The organizer approves all three from the queues.
    const organizer = await open({ locale: 'zh-CN', device: 'desktop' });
    await signInDirect(organizer.page, demoUsers.organizer, 'zh-CN');
    await approveFromQueue(organizer.page, 'catalog-queue', PATHS.organizerCatalogList, COMPANY);
    await approveFromQueue(organizer.page, 'banner-queue', PATHS.organizerBannerList, BANNER);
    await approveFromQueue(organizer.page, 'product-queue', PATHS.organizerProductList, PRODUCT);
    // The queues' exports: the catalog's (what the printed show guide is made from) and the banners'.
    await organizer.page.goto(`${PATHS.organizerCatalogList}?status=APPROVED`);
    const catalogHref = (await organizer.page.getByTestId('catalog-queue-export').getAttribute('href')) ?? '';
    expect(catalogHref).toContain('status=APPROVED');
    expect(await downloadSheetColumn(organizer.page, catalogHref, 2)).toContain(COMPANY);
    await organizer.page.goto(`${PATHS.organizerBannerList}?status=APPROVED`);
    expect(await downloadSheetColumn(organizer.page, (await organizer.page.getByTestId('banner-queue-export').getAttribute('href')) ?? '', 5)).toContain(BANNER);

    // The exhibitor sees the approvals; the approved entry is read-only.
    await page.goto(PATHS.exhibitorCatalog);
    await expect.poll(() => readStatus(page, 'catalog-status')).toBe('APPROVED');
    expect(await page.getByTestId('catalog-submit').count()).toBe(0);
    await page.goto(PATHS.exhibitorProductList);
    await expect.poll(() => readStatus(page, 'product-row-status')).toBe('APPROVED');
    // The approved product's page: its state is a tag beside the title, not a bar across the page.
    await page.getByTestId('product-table').getByRole('link', { name: PRODUCT }).click();
    await expect.poll(() => readStatus(page, 'product-status')).toBe('APPROVED');
    expect((await page.getByTestId('product-status').boundingBox())?.width).toBeLessThan(160);
    await checkPage(page, 'catalog-we-product-approved-zh-CN');
    await page.goto(PATHS.exhibitorProductList);

    // The product export downloads and opens, with the product in it.
    const href = (await page.getByTestId('product-export').getAttribute('href')) ?? '';
    const names = await downloadSheetColumn(page, href, 4);
    expect(names).toContain(PRODUCT);
    expect(exhibitor.problems).toEqual([]);
    expect(organizer.problems).toEqual([]);
  });

  const screens: Array<{ device: Device; locale: Locale }> = [
    { device: 'desktop', locale: 'zh-CN' },
    { device: 'mobile', locale: 'en-US' },
  ];
  for (const { device, locale } of screens) {
    it(`shows every page, axe-clean, in both languages (${device})`, async () => {
      const exhibitor = await open({ locale, device });
      await signInDirect(exhibitor.page, EXHIBITOR, locale);
      await passForcedPasswordChange(exhibitor.page, EXHIBITOR.password, `${EXHIBITOR.password}x`);
      for (const [name, path, marker] of [
        ['catalog', PATHS.exhibitorCatalog, 'catalog:title'],
        ['banner', PATHS.exhibitorBanner, 'banner:title'],
        ['product-list', PATHS.exhibitorProductList, 'product:listTitle'],
        ['product-form', PATHS.exhibitorProduct, 'product:newTitle'],
      ] as const) {
        // The exhibitor area is shown in zh-CN whatever the visitor chose (SPEC 2/9): one language here.
        await exhibitor.page.goto(path);
        await unlessPageFails(exhibitor.page, exhibitor.page.getByText(uiText('zh-CN', marker), { exact: true }).first().waitFor({ state: 'visible' }));
        expect(await cutContent(exhibitor.page), name).toEqual([]);
        await checkPage(exhibitor.page, `catalog-${device}-we-${name}-zh-CN`);
      }
      const organizer = await open({ locale, device });
      await signInDirect(organizer.page, demoUsers.organizer, locale);
      for (const [name, path, marker] of [
        ['catalog-list', PATHS.organizerCatalogList, 'catalog:queueTitle'],
        ['banner-list', PATHS.organizerBannerList, 'banner:queueTitle'],
        ['product-list', PATHS.organizerProductList, 'product:queueTitle'],
      ] as const) {
        await organizer.page.goto(path);
        await waitForSettled(organizer.page);
        await checkInBothLanguages(organizer.page, `catalog-${device}-wo-${name}`, locale, marker, device);
        const queue = `${name.replace('-list', '')}-queue`;
        // The approval list's look: the filters in a card, nothing cut on a phone.
        expect(await organizer.page.locator('.ant-card [role="search"]').count()).toBe(1);
        expect(await cutContent(organizer.page)).toEqual([]);
        // A filter that finds nothing says so and offers to undo it.
        await organizer.page.goto(`${path}?submittedFrom=2099-01-01`);
        await unlessPageFails(organizer.page, organizer.page.getByTestId(`${queue}-empty`).waitFor({ state: 'visible' }));
        expect(await organizer.page.getByTestId(`${queue}-empty`).innerText()).toContain(uiText(locale, 'submission:empty.filtered'));
        await checkPage(organizer.page, `catalog-${device}-wo-${name}-empty-${locale}`);
        await organizer.page.getByTestId(`${queue}-empty-reset`).click();
        await expect.poll(() => new URL(organizer.page.url()).search).toBe('');
        // Every state (the first test's items are approved by now): the first item's name opens its drawer, titled with it.
        await organizer.page.goto(`${path}?status=`);
        const first = organizer.page.getByTestId(`${queue}-table`).locator('tbody tr[data-row-key]').first();
        await unlessPageFails(organizer.page, first.waitFor({ state: 'visible' }));
        const itemName = (await first.getByTestId(`${queue}-name`).innerText()).trim();
        await first.getByTestId(`${queue}-name`).click();
        await unlessPageFails(organizer.page, organizer.page.getByTestId(`${queue}-detail-status`).waitFor({ state: 'visible' }));
        expect(itemName.length).toBeGreaterThan(0);
        expect(itemName).toContain((await organizer.page.locator('.ant-drawer-open .ant-drawer-title').innerText()).trim());
        await checkPage(organizer.page, `catalog-${device}-wo-${name}-detail-${locale}`);
        await organizer.page.locator('.ant-drawer-open .ant-drawer-close').click();
        await organizer.page.getByTestId(`${queue}-detail-status`).waitFor({ state: 'detached' });
      }
      expect(exhibitor.problems).toEqual([]);
      expect(organizer.problems).toEqual([]);
    });
  }
});
