// Badges printed at the counter through the real UI: the demo organizer (every role) designs the visitors'
// badge at /wo/ticket/badges (the preview is the server's PDF), prints one visitor's badge from the ticket list
// (the drawer then counts it), downloads the list's visitors as one A4 sheet PDF and reads it back as a print
// shop would (poppler: page size, Chinese text, the QR decoded by the reference gate client and verified), then
// finds a visitor at the kiosk, sees the photo and prints. Axe-checked and photographed in both languages on the
// desktop; the kiosk also at a tablet's and a phone's size (e2e/artifacts/badge-*.png).
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { readPrintedPdf } from '../server/src/test/printed-pdf';
import { readTicketQr } from '../device/src/ticket-qr';
import { describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { exactPath } from './support/paths';
import { checkPage, demoUsers, waitForPath, waitForSettled } from './support/portal';
import { uiText } from './support/texts';
import { checkInBothLanguages } from './support/visitor-journey';

const TICKET_LIST = '/wo/ticket/list';
const TEMPLATES = '/wo/ticket/badges';
const KIOSK = '/wo/ticket/kiosk';
const LABEL = 'E2E 贵宾';
/** A4 in PDF points. */
const A4 = { width: 595.28, height: 841.89 };

/**
 * Headless Chromium crashes a page that prints a PDF frame: each page of this journey cancels the app's print
 * event (web/src/lib/print-pdf.ts) and counts the PDFs it was handed instead.
 */
async function catchPrints(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { printedPdfs: number };
    counted.printedPdfs = 0;
    window.addEventListener('portal:print-pdf', (event) => {
      event.preventDefault();
      counted.printedPdfs += 1;
    });
  });
}

const printedPdfs = (page: Page) => page.evaluate(() => (window as unknown as { printedPdfs: number }).printedPdfs);

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 250 });

async function previewReady(page: Page) {
  await unlessPageFails(page, page.locator('[data-testid="badge-template-preview"][data-state="ready"]').waitFor({ state: 'visible', timeout: 30_000 }));
}

/** The first valid visitor ticket of the list: its holder's name. */
async function firstVisitor(page: Page) {
  await page.goto(`${TICKET_LIST}?kind=VISITOR&status=VALID`);
  await unlessPageFails(page, page.getByTestId('ticket-table').waitFor({ state: 'visible' }));
  await waitForSettled(page);
  const holder = (await page.getByTestId('ticket-holder').first().textContent())?.trim();
  if (!holder) throw new Error('no valid visitor ticket in the demo data');
  return holder;
}

describeE2E('badge printing: templates, the ticket office, the kiosk', () => {
  const { open } = useBrowser();

  it('designs and previews a template, prints one badge and the list as an A4 sheet, reads the PDF back', async () => {
    const { page, problems } = await open({ locale: 'zh-CN', device: 'desktop' });
    await catchPrints(page);
    await signInDirect(page, demoUsers.organizer, 'zh-CN');
    await page.goto(TEMPLATES);
    await waitForPath(page, exactPath(TEMPLATES));
    await previewReady(page);
    await page.getByTestId('badge-template-label').fill(LABEL);
    await previewReady(page);
    await checkInBothLanguages(page, 'badge-templates-desktop', 'zh-CN', 'badge-print:templates.intro', 'desktop');
    await page.getByTestId('badge-template-save').click();
    await poll(() => page.getByTestId('badge-template-state').textContent()).not.toBe(uiText('zh-CN', 'badge-print:templates.notSaved'));
    await previewReady(page);
    await checkPage(page, 'badge-templates-saved-zh-CN');

    // One badge from the list's row: the ticket's drawer then counts the print.
    const holder = await firstVisitor(page);
    await page.getByTestId('ticket-print-badge').first().click();
    await poll(() => printedPdfs(page)).toBe(1);
    await page.getByTestId('ticket-history-open').first().click();
    await poll(() => page.getByTestId('ticket-print-count').textContent()).toBe(uiText('zh-CN', 'ticket-office:print.printedCount_one').replace('{{count}}', '1'));
    await checkPage(page, 'badge-ticket-drawer-zh-CN');
    await page.locator('.ant-drawer-close').click();

    // The list's filter (valid visitors) as one A4 sheet, downloaded and read back.
    await page.getByTestId('ticket-print-batch-open').click();
    await chooseRadio(page, uiText('zh-CN', 'ticket-office:print.layouts.A4_SHEET'));
    await checkPage(page, 'badge-print-batch-zh-CN');
    const download = page.waitForEvent('download');
    await page.getByTestId('ticket-print-batch').click();
    const printed = await readPrintedPdf(await readFile(await (await download).path()));
    try {
      expect(printed.pageSize.width).toBeCloseTo(A4.width, 0);
      expect(printed.pageSize.height).toBeCloseTo(A4.height, 0);
      expect(printed.text).toContain(holder);
      expect(printed.text).toContain(LABEL);
      expect(printed.fontsSubset).toBe(true);
      // The sheet's first badge carries a visitor's ticket token (its signature is the server test's to check).
      expect(readTicketQr((await printed.qrOfPage(1, { width: 0.36, height: 0.36 })) ?? '')?.k).toBe('A');
    } finally {
      await printed.close();
    }
    expect(problems).toEqual([]);
  });

  it('finds a visitor at the kiosk, shows the photo and prints: desktop in both languages, a tablet and a phone', async () => {
    const { page, problems } = await open({ locale: 'zh-CN', device: 'desktop' });
    await catchPrints(page);
    await signInDirect(page, demoUsers.organizer, 'zh-CN');
    const holder = await firstVisitor(page);
    await page.goto(KIOSK);
    await waitForPath(page, exactPath(KIOSK));
    await findAndPrint(page, holder, 'desktop-zh-CN');
    // The counter covers the area's header (its language menu too): English in a page of its own.
    const english = await open({ locale: 'en-US', device: 'desktop' });
    await catchPrints(english.page);
    await signInDirect(english.page, demoUsers.organizer, 'en-US');
    await english.page.goto(KIOSK);
    await unlessPageFails(english.page, english.page.getByText(uiText('en-US', 'badge-print:kiosk.intro'), { exact: true }).waitFor({ state: 'visible' }));
    await findAndPrint(english.page, holder, 'desktop-en-US');
    expect(english.problems).toEqual([]);
    // A tablet on the counter.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByTestId('badge-kiosk-next').click();
    await findAndPrint(page, holder, 'tablet');
    expect(problems).toEqual([]);

    const phone = await open({ locale: 'zh-CN', device: 'mobile' });
    await catchPrints(phone.page);
    await signInDirect(phone.page, demoUsers.organizer, 'zh-CN');
    await phone.page.goto(KIOSK);
    await findAndPrint(phone.page, holder, 'mobile');
    expect(phone.problems).toEqual([]);
  });
});

async function chooseRadio(page: Page, label: string) {
  await page.getByTestId('ticket-print-layout').getByText(label, { exact: true }).click();
}

/** Types the name as a scanner types a QR, chooses the holder, checks the photo and prints. */
async function findAndPrint(page: Page, holder: string, name: string) {
  const field = page.getByTestId('badge-kiosk-query').locator('input');
  await unlessPageFails(page, field.waitFor({ state: 'visible' }));
  await field.fill(holder);
  await field.press('Enter');
  const chosen = page.getByTestId('badge-kiosk-holder');
  const choose = page.getByTestId('badge-kiosk-choose').first();
  await unlessPageFails(page, Promise.race([chosen.waitFor({ state: 'visible' }), choose.waitFor({ state: 'visible' }).then(() => choose.click())]));
  await unlessPageFails(page, chosen.waitFor({ state: 'visible' }));
  await poll(() => page.getByTestId('badge-kiosk-name').textContent()).toBe(holder);
  await poll(() => page.getByTestId('badge-kiosk-photo').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const before = await printedPdfs(page);
  await page.getByTestId('badge-kiosk-print').click();
  await unlessPageFails(page, page.getByTestId('badge-kiosk-download').waitFor({ state: 'visible' }));
  await poll(() => printedPdfs(page)).toBe(before + 1);
  await checkPage(page, `badge-kiosk-${name}-printed`);
}
