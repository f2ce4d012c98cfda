// The ticket office through the real UI (/wo/ticket/list): the demo organizer (every role)
// imports tickets from an xlsx with one bad row (sees the report, then imports the good rows only) and
// sees a file past a limit refused with its place,
// filters, opens a QR, revokes and reinstates a ticket with a reason, opens the face check of an
// approved demo visitor's ticket and marks it checked, exports the filtered list. The page is axe-checked
// and photographed in both languages (e2e/artifacts/ticket-office-*.png).
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { exactPath } from './support/paths';
import { checkPage, demoUsers, waitForPath, waitForSettled } from './support/portal';
import { chooseOption } from './support/select';
import { uiText } from './support/texts';
import { checkInBothLanguages } from './support/visitor-journey';

const TICKET_LIST = '/wo/ticket/list';
const BATCH = 'E2E 合作伙伴';
const ROWS: string[][] = [
  ['持票人', '单位', '外部编号', '展期', '批次'],
  ['E2E 张伟', 'E2E 摩托车俱乐部', 'E2E-T-001', '', ''],
  ['E2E 李娜', 'E2E 摩托车俱乐部', 'E2E-T-002', '', ''],
  ['', 'E2E 摩托车俱乐部', 'E2E-T-003', '', ''],
  ['E2E 王强', 'E2E 骑行杂志', 'E2E-T-004', '', ''],
];

async function workbookOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('tickets');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function clear(page: Page, testId: string) {
  await page.getByTestId(testId).hover();
  await page.getByTestId(testId).locator('.ant-select-clear').click({ force: true });
}

async function totalShown(page: Page) {
  await waitForSettled(page);
  return (await page.getByTestId('ticket-total').textContent()) ?? '';
}

/** The list answers in a moment, but a machine shared by several builds can be slow. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 250 });

const total = (count: number) => uiText('zh-CN', 'ticket-office:list.total').replace('{{count}}', String(count));

async function search(page: Page, keyword: string) {
  const input = page.getByTestId('ticket-filter-keyword').locator('input');
  await input.fill(keyword);
  await input.press('Enter');
}

describeE2E('ticket office: the organizer ticket list', () => {
  const { open } = useBrowser();

  it('imports tickets (report, then the good rows), filters, shows a QR, revokes and reinstates, checks a face, exports', async () => {
    const { page, problems } = await open({ locale: 'zh-CN', device: 'desktop' });
    await signInDirect(page, demoUsers.organizer, 'zh-CN');
    await page.goto(TICKET_LIST);
    await waitForPath(page, exactPath(TICKET_LIST));
    await unlessPageFails(page, page.getByTestId('ticket-table').waitFor({ state: 'visible' }));

    // An xlsx with one bad row (no holder name): nothing is imported, the report names the row.
    await page.getByTestId('ticket-import-open').click();
    await page.getByTestId('ticket-import-batch').fill(BATCH);
    await page.getByTestId('ticket-import-file').setInputFiles({ name: 'tickets.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbookOf(ROWS) });
    await page.getByTestId('ticket-import-submit').click();
    const report = page.getByTestId('ticket-import-report');
    await unlessPageFails(page, report.waitFor({ state: 'visible' }));
    await poll(() => report.textContent()).toContain(uiText('zh-CN', 'ticket-office:report.problems.HOLDER_NAME'));
    // Row 4, column A (the empty holder name).
    await poll(() => report.locator('tbody tr').first().textContent()).toContain(`4A${uiText('zh-CN', 'ticket-office:report.problems.HOLDER_NAME')}`);
    await checkPage(page, 'ticket-office-import-report-zh-CN');
    await page.getByTestId('ticket-import-good-rows').click();
    // The good rows imported: a success, in the one report format of every import (never an error's red).
    const summary = uiText('zh-CN', 'common:importReport.importedSkipping').replace('{{rows}}', '4').replace('{{bad}}', '1').replace('{{imported}}', '3');
    await poll(() => report.textContent()).toContain(summary);
    expect(await page.getByTestId('ticket-import-summary').getAttribute('class')).toContain('ant-alert-success');

    // A file past a limit (a value in column BM) is refused whole; the message says where.
    await page.getByTestId('ticket-import-file').setInputFiles({ name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(`E2E 宽行,,E2E-T-009,${','.repeat(61)}x\n`, 'utf8') });
    await page.getByTestId('ticket-import-submit').click();
    const refusal = `${uiText('zh-CN', 'errors:IMPORT_TOO_MANY_COLUMNS')} ${uiText('zh-CN', 'ticket-office:import.at').replace('{{row}}', '1').replace('{{column}}', 'BM')}`;
    await poll(() => page.locator('.ant-message').textContent()).toContain(refusal);
    await page.getByTestId('ticket-import').locator('.ant-modal-close').click();

    // Filter: imported tickets of the club; the URL keeps the filter.
    await chooseOption(page, page.getByTestId('ticket-filter-kind'), uiText('zh-CN', 'ticket-office:kind.IMPORTED'));
    await search(page, 'E2E 摩托车俱乐部');
    await poll(() => totalShown(page)).toBe(total(2));
    expect(new URL(page.url()).searchParams.get('kind')).toBe('IMPORTED');
    await page.reload();
    await poll(() => totalShown(page)).toBe(total(2));

    // The QR of the first one: a signed token (payload.signature).
    await page.getByTestId('ticket-qr-open').first().click();
    const qr = page.getByTestId('ticket-qr');
    await unlessPageFails(page, qr.waitFor({ state: 'visible' }));
    expect(await qr.getAttribute('data-token')).toMatch(/^[\w-]+\.[\w-]+$/);
    await checkPage(page, 'ticket-office-qr-zh-CN');
    await page.getByTestId('ticket-qr-modal').locator('.ant-modal-close').click();

    // Revoke it with a reason, then reinstate it.
    await page.getByTestId('ticket-revoke').first().click();
    await page.getByTestId('ticket-reason').fill('E2E 挂失');
    await page.getByTestId('ticket-reason-submit').click();
    await poll(() => page.getByTestId('ticket-status').first().textContent()).toBe(uiText('zh-CN', 'ticket-office:status.REVOKED'));
    await chooseOption(page, page.getByTestId('ticket-filter-status'), uiText('zh-CN', 'ticket-office:status.REVOKED'));
    await poll(() => totalShown(page)).toBe(total(1));
    await page.getByTestId('ticket-reinstate').first().click();
    await page.getByTestId('ticket-reason').fill('E2E 已找回');
    await page.getByTestId('ticket-reason-submit').click();
    // No revoked ticket is left: an empty table shows no pager, only its empty text.
    await poll(() => page.getByTestId('ticket-table').textContent()).toContain(uiText('zh-CN', 'ticket-office:list.empty'));
    await clear(page, 'ticket-filter-status');
    await poll(() => totalShown(page)).toBe(total(2));
    // The unfiltered page was cached before the revocation: it shows again, then refreshes.
    await poll(() => page.getByTestId('ticket-status').allTextContents()).toEqual([uiText('zh-CN', 'ticket-office:status.VALID'), uiText('zh-CN', 'ticket-office:status.VALID')]);

    // Its history shows every step with its reason, not only the last revocation in a tooltip.
    await page.getByTestId('ticket-history-open').first().click();
    await page.getByTestId('ticket-history-REINSTATED').waitFor({ state: 'visible' });
    expect(await page.getByTestId('ticket-history').innerText()).toContain('E2E 挂失');
    expect(await page.getByTestId('ticket-history-ISSUED').count()).toBe(1);
    await checkPage(page, 'ticket-office-history-zh-CN');
    await page.getByRole('button', { name: uiText('zh-CN', 'ticket-office:admissions.close') }).click();
    await page.getByTestId('ticket-history').waitFor({ state: 'hidden' });

    // Export the filtered list: the two club tickets.
    const download = page.waitForEvent('download');
    await page.getByTestId('ticket-export').click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await download).path());
    const codes: string[] = [];
    workbook.worksheets[0]?.eachRow((row, index) => {
      if (index > 1) codes.push(row.getCell(6).text);
    });
    expect(codes.sort()).toEqual(['E2E-T-001', 'E2E-T-002']);

    // The face check of an approved demo visitor's ticket: two photos, the match, "checked".
    await search(page, '');
    await chooseOption(page, page.getByTestId('ticket-filter-kind'), uiText('zh-CN', 'ticket-office:kind.VISITOR'));
    await chooseOption(page, page.getByTestId('ticket-filter-status'), uiText('zh-CN', 'ticket-office:status.VALID'));
    await chooseOption(page, page.getByTestId('ticket-filter-face-checked'), uiText('zh-CN', 'ticket-office:filters.unchecked'));
    await waitForSettled(page);
    // Other journeys approve visitors on the same server meanwhile, so the first row may change: the
    // holder is read from the drawer that opened, not from the list.
    await page.getByTestId('ticket-face-check-open').first().click();
    const drawer = page.getByTestId('ticket-face-check');
    const [before, after] = uiText('zh-CN', 'ticket-office:faceCheck.title').split('{{name}}');
    const title = page.locator('.ant-drawer-title').filter({ hasText: before ?? '' });
    await unlessPageFails(page, title.waitFor({ state: 'visible' }));
    const holder = ((await title.textContent()) ?? '').slice((before ?? '').length, after ? -after.length : undefined);
    expect(holder).not.toBe('');
    await unlessPageFails(page, drawer.getByTestId('ticket-face-check-entry-photo-img').waitFor({ state: 'visible' }));
    await unlessPageFails(page, drawer.getByTestId('ticket-face-check-id-photo-img').waitFor({ state: 'visible' }));
    await drawer.getByTestId('ticket-face-check-mark').click();
    await poll(() => drawer.getByTestId('ticket-face-check-state').textContent()).not.toBe(uiText('zh-CN', 'ticket-office:faceCheck.notChecked'));
    await checkPage(page, 'ticket-office-face-check-zh-CN');
    await page.locator('.ant-drawer-close').click();
    await chooseOption(page, page.getByTestId('ticket-filter-face-checked'), uiText('zh-CN', 'ticket-office:filters.checked'));
    await poll(async () => page.getByTestId('ticket-holder').allTextContents()).toContain(holder);
    expect(problems).toEqual([]);
    // A long journey: on a machine shared by several builds it needs more than the default two minutes.
  });

  it('shows the list, axe-clean, in both languages', async () => {
    const { page, problems } = await open({ locale: 'zh-CN', device: 'desktop' });
    await signInDirect(page, demoUsers.organizer, 'zh-CN');
    await page.goto(TICKET_LIST);
    await unlessPageFails(page, page.getByTestId('ticket-table').waitFor({ state: 'visible' }));
    await checkInBothLanguages(page, 'ticket-office-desktop-list', 'zh-CN', 'ticket-office:intro', 'desktop');
    expect(problems).toEqual([]);
  });
});
