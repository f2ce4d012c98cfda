// The show office through the real UI: an organizer with ROLE_PROJECT (the demo
// organizer holds every role) closes visitor registration on /wo/project/info and the visitor's
// registration page says it is closed; on /wo/project/cdk generates a batch, imports a csv with a bad
// row (sees the report), imports the good rows, filters, voids a code and exports. Both pages are
// axe-checked and photographed in both languages (e2e/artifacts/show-office-*.png), on a desktop and a phone.
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, unlessPageFails, useBrowser, type Device, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { exactPath, loginPath, PATHS } from './support/paths';
import { checkPage, demoUsers, menuEntry, waitForPath, waitForSettled } from './support/portal';
import { chooseOption } from './support/select';
import { uiText } from './support/texts';
import { checkInBothLanguages, otherLocale, switchLanguage } from './support/visitor-journey';

const BATCH = 'E2E 展前批次';
const IMPORT_BATCH = 'E2E partner';
const GOOD_CODES = ['E2EIMP-0001', 'E2EIMP-0002', 'E2EIMP-0003'];

async function openSettings(page: Page) {
  await page.goto(PATHS.organizerProjectInfo);
  await waitForPath(page, exactPath(PATHS.organizerProjectInfo));
  await unlessPageFails(page, page.getByTestId('project-settings-form').waitFor({ state: 'visible' }));
}

/** Sets visitor registration open or closed and saves; waits for the saved form (a new version). */
async function setVisitorRegistration(page: Page, open: boolean) {
  await openSettings(page);
  const channels = page.locator('[data-testid^="project-channel-"][data-testid$="-zh"]');
  const channelsBefore = await channels.count();
  const toggle = page.getByTestId('project-audience-reg-open');
  if ((await toggle.getAttribute('aria-checked')) !== String(open)) await toggle.click();
  const saved = page.waitForResponse((response) => response.url().includes('/apis/core/graphql') && (response.request().postData() ?? '').includes('SaveProjectSettings'));
  await page.getByTestId('project-save').click();
  const body = (await (await saved).json()) as { errors?: unknown };
  expect(body.errors).toBeUndefined();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(open));
  // The channels keep their ids: a save renames or disables them, never adds copies.
  expect(await channels.count()).toBe(channelsBefore);
}

async function totalShown(page: Page) {
  await waitForSettled(page);
  return (await page.getByTestId('cdk-total').textContent()) ?? '';
}

describeE2E('show office: project settings and activation codes', () => {
  const { open } = useBrowser();

  it('closes visitor registration, and the visitor page says closed; generates, imports, filters, voids and exports codes', async () => {
    const organizer = await open({ locale: 'zh-CN', device: 'desktop' });
    const page = organizer.page;
    await signInDirect(page, demoUsers.organizer, 'zh-CN');

    try {
      await setVisitorRegistration(page, false);
      const visitor = await open({ locale: 'zh-CN', device: 'desktop' });
      await visitor.page.goto(PATHS.visitorRegister);
      await unlessPageFails(visitor.page, visitor.page.getByTestId('register-closed').waitFor({ state: 'visible' }));
      await checkPage(visitor.page, 'show-office-register-closed-zh-CN');
      expect(visitor.problems).toEqual([]);
    } finally {
      await setVisitorRegistration(page, true);
    }

    await page.goto(PATHS.organizerProjectCdk);
    await unlessPageFails(page, page.getByTestId('cdk-generate-form').waitFor({ state: 'visible' }));

    // A batch of 50 random codes, then the list filtered to it.
    await page.getByTestId('cdk-generate-batch').fill(BATCH);
    await page.getByTestId('cdk-generate-count').fill('50');
    const generated = page.waitForResponse((response) => (response.request().postData() ?? '').includes('GenerateActivationCodes'));
    await page.getByTestId('cdk-generate-submit').click();
    expect(((await (await generated).json()) as { errors?: unknown }).errors).toBeUndefined();
    await chooseOption(page, page.getByTestId('cdk-filter-batch'), BATCH);
    await expect.poll(() => totalShown(page)).toBe(uiText('zh-CN', 'cdk:list.total').replace('{{count}}', '50'));
    const firstCode = (await page.getByTestId('cdk-code').first().textContent()) ?? '';
    expect(firstCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);

    // A csv with a bad row: nothing is imported, the report names the row; then the good rows only.
    await page.getByTestId('cdk-import-batch').fill(IMPORT_BATCH);
    const csv = ['激活码', ...GOOD_CODES.slice(0, 2), 'bad!', GOOD_CODES[2]].join('\r\n');
    await page.getByTestId('cdk-import-file').setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByTestId('cdk-import-submit').click();
    const report = page.getByTestId('cdk-import-report');
    await unlessPageFails(page, report.waitFor({ state: 'visible' }));
    await expect.poll(() => report.textContent()).toContain(uiText('zh-CN', 'cdk:report.problems.FORMAT'));
    await expect.poll(() => report.textContent()).toContain('bad!');
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkPage(page, 'show-office-cdk-import-report-zh-CN');
    await page.getByTestId('cdk-import-good-rows').click();
    await expect
      .poll(() => report.textContent())
      .toContain(uiText('zh-CN', 'common:importReport.importedSkipping').replace('{{rows}}', '4').replace('{{bad}}', '1').replace('{{imported}}', '3'));
    // A success, in the one report format of every import (never an error's red).
    expect(await page.getByTestId('cdk-import-summary').getAttribute('class')).toContain('ant-alert-success');
    await checkPage(page, 'show-office-cdk-imported-good-rows-zh-CN');

    // Filter by code prefix, void the code, see it void.
    await page.getByTestId('cdk-filter-batch').locator('.ant-select-clear').click({ force: true });
    const keyword = page.getByTestId('cdk-filter-keyword').locator('input');
    await keyword.fill(GOOD_CODES[0] ?? '');
    await keyword.press('Enter');
    await expect.poll(() => totalShown(page)).toBe(uiText('zh-CN', 'cdk:list.total').replace('{{count}}', '1'));
    await page.getByTestId('cdk-void').click();
    await page.getByTestId('cdk-void-confirm').click();
    await expect.poll(() => page.getByTestId('cdk-status').first().textContent()).toBe(uiText('zh-CN', 'cdk:status.VOID'));

    // Export the imported batch: the workbook holds its three codes, one of them void.
    await keyword.fill('');
    await keyword.press('Enter');
    await chooseOption(page, page.getByTestId('cdk-filter-batch'), IMPORT_BATCH);
    await expect.poll(() => totalShown(page)).toBe(uiText('zh-CN', 'cdk:list.total').replace('{{count}}', '3'));
    const download = page.waitForEvent('download');
    await page.getByTestId('cdk-export').click();
    const file = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows: string[][] = [];
    workbook.worksheets[0]?.eachRow((row, index) => {
      if (index > 1) rows.push([row.getCell(1).text, row.getCell(2).text]);
    });
    expect(rows.map(([code]) => code).sort()).toEqual(GOOD_CODES);
    expect(rows.find(([code]) => code === GOOD_CODES[0])?.[1]).toBe(uiText('zh-CN', 'cdk:status.VOID'));
    expect(organizer.problems).toEqual([]);
  });

  it.each<{ device: Device; locale: Locale }>([
    { device: 'desktop', locale: 'en-US' },
    { device: 'mobile', locale: 'zh-CN' },
  ])('shows every day error at its row, the span rule too, and sends nothing ($device, $locale)', async ({ device, locale }) => {
    const { page, problems } = await open({ locale, device });
    // The sign-in page's header and the browser tab name the show as its settings do, in the page's language.
    await page.goto(loginPath({ scope: 'organizer' }));
    await expect.poll(() => page.getByTestId('show-name').innerText()).not.toBe('');
    const shownName = await page.getByTestId('show-name').innerText();
    expect(await page.title()).toBe(shownName);
    await signInDirect(page, demoUsers.organizer, locale);
    await openSettings(page);
    expect(await page.getByTestId(locale === 'zh-CN' ? 'project-name-zh' : 'project-name-en').inputValue()).toBe(shownName);
    const rows = await page.locator('[data-testid^="project-day-"][data-testid$="-day"]').count();
    let sent = 0;
    page.on('request', (request) => {
      if ((request.postData() ?? '').includes('SaveProjectSettings')) sent += 1;
    });
    // A badly typed date: its message shows under the field, not only a red outline.
    await page.getByTestId('project-day-add').click();
    await page.getByTestId(`project-day-${rows}-day`).fill('2027-1-5');
    await page.getByTestId(`project-day-${rows}-deadline`).fill('2027-01-05 09:00');
    await page.getByTestId('project-save').click();
    await page.getByText(uiText(locale, 'project:dayFormat'), { exact: true }).waitFor({ state: 'visible' });
    // Two days to come 60 days apart: the later row says the span rule, instead of "something went wrong".
    await page.getByTestId(`project-day-${rows}-day`).fill('2027-01-05');
    await page.getByTestId('project-day-add').click();
    await page.getByTestId(`project-day-${rows + 1}-day`).fill('2027-03-06');
    await page.getByTestId(`project-day-${rows + 1}-deadline`).fill('2027-03-06 09:00');
    await page.getByTestId('project-save').click();
    const spanError = page.getByText(uiText(locale, 'errors:PROJECT_DAYS_SPAN_TOO_LONG'), { exact: true });
    await spanError.waitFor({ state: 'visible' });
    await checkPage(page, `show-office-${device}-day-errors-${locale}`);
    // The row's error goes as soon as the day is changed.
    await page.getByTestId(`project-day-${rows + 1}-day`).fill('2027-01-06');
    await spanError.waitFor({ state: 'hidden' });
    expect(sent).toBe(0);
    expect(problems).toEqual([]);
  });

  const screens: Array<{ device: Device; locale: Locale }> = [
    { device: 'desktop', locale: 'zh-CN' },
    { device: 'mobile', locale: 'en-US' },
  ];
  for (const { device, locale } of screens) {
    it(`shows both pages, axe-clean, in both languages (${device})`, async () => {
      const { page, problems } = await open({ locale, device });
      await signInDirect(page, demoUsers.organizer, locale);
      await openSettings(page);
      await checkInBothLanguages(page, `show-office-${device}-info`, locale, 'project:sections.days', device);
      await page.goto(PATHS.organizerProjectCdk);
      await unlessPageFails(page, page.getByTestId('cdk-table').waitFor({ state: 'visible' }));
      await checkInBothLanguages(page, `show-office-${device}-cdk`, locale, 'cdk:generate.title', device);
      if (device === 'mobile') {
        // The menu in its side sheet, in both languages: the current page marked inside its open group; Escape
        // closes the sheet, and so does following an entry.
        const openSheet = async (shown: Locale) => {
          await page.getByTestId('mobile-menu-button').click();
          const sheet = page.getByRole('dialog', { name: uiText(shown, 'common:organizer.title') });
          await sheet.waitFor({ state: 'visible' });
          expect(await menuEntry(page, shown, 'common:organizer.menu.cdk').getAttribute('aria-current')).toBe('page');
          await checkPage(page, `show-office-${device}-menu-${shown}`);
          return sheet;
        };
        const sheet = await openSheet(locale);
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'hidden' });
        await switchLanguage(page, otherLocale(locale));
        const other = await openSheet(otherLocale(locale));
        await menuEntry(page, otherLocale(locale), 'common:organizer.menu.projectInfo').click();
        await other.waitFor({ state: 'hidden' });
        await waitForPath(page, exactPath(PATHS.organizerProjectInfo));
      }
      expect(problems).toEqual([]);
    });
  }
});
