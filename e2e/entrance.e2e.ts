// The entrance through the real UI and the reference gate client: the demo organizer
// registers a device on /wo/hardware/list and copies its token from the dialog, and sets the gate rules on
// /wo/project/info (the shortest QR period, a visitor cooldown); the demo visitor (13800000000, no application
// in the seed) applies for today and is approved through the API; the visitor's rotating QR changes on the
// phone after one window; `npm run device -- sync` then `scan --image` of a phone screenshot of the enlarged QR
// admits the ticket, a second scan within the cooldown is refused PASS_BACK; the visitor sees the entry on
// /wa/visitor/record and the organizer in /wo/ticket/list and in the device's scan log. Every page is
// axe-checked and photographed in both languages (e2e/artifacts/entrance-*.png).
//
// The journey runs on a server of its own (DEMO_GATE_DAY_TODAY): the demo show starts a month from
// now, and a gate admits nobody on a day that is not a show day. Its own server leaves the shared
// one's show days as the other journeys expect them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shanghaiDate } from '@portal/shared/dates';
import { QR_PERIOD_MIN_SECONDS } from '@portal/shared/ticket/rotating-code';
import type { GateScan } from '../device/src/gate';
import { readQrFromImage } from '../device/src/qr-image';
import { readTicketQr } from '../device/src/ticket-qr';
import { applyAndApprove } from './support/approved-visitor';
import { runDevice } from './support/device-client';
import { describeE2E, unlessPageFails, useBrowser, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { exactPath, PATHS } from './support/paths';
import { checkPage, demoUsers, openPage, waitForSettled } from './support/portal';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { uiText } from './support/texts';
import { checkInBothLanguages, mainlandId, otherLocale, readSeedFacts, switchLanguage } from './support/visitor-journey';

const DEVICE_NAME = 'E2E 东门闸机 1';
const TICKET_LIST = '/wo/ticket/list';
const VISITOR_NAME = '演示访客';

let server: RunningServer;
let stateDir: string;

/** The reference gate client against the journey's server. */
function device<T>(token: string, ...args: string[]): Promise<T> {
  return runDevice<T>({ serverUrl: server.baseUrl, token, stateFile: join(stateDir, 'gate.json') }, ...args);
}

/** The visitor's ticket page with its QR enlarged, as a screenshot of the whole screen (e2e/artifacts/entrance-ticket-qr-<name>.png). */
async function screenshotOfEnlargedQr(page: Page, name: string) {
  await openPage(page, PATHS.visitorTicket, 'ticket-qr');
  await page.getByTestId('ticket-qr-enlarge').click();
  await unlessPageFails(page, page.getByTestId('ticket-qr-dialog').waitFor({ state: 'visible' }));
  await waitForSettled(page);
  const path = join(repoRoot, 'e2e', 'artifacts', `entrance-ticket-qr-${name}.png`);
  await page.screenshot({ path });
  return path;
}

describeE2E('entrance: a registered device admits the demo visitor', () => {
  const { open } = useBrowser();

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'entrance-server.log'), env: { WEB_DIST_DIR: distDir, DEMO_GATE_DAY_TODAY: 'true' } });
    stateDir = mkdtempSync(join(tmpdir(), 'portal-e2e-gate-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it('registers a device, admits the visitor with the reference client, and shows the entry to both', async () => {
    const locale: Locale = 'zh-CN';
    const organizer = await open({ locale, device: 'desktop', origin: server.baseUrl });
    await signInDirect(organizer.page, demoUsers.organizer, locale);

    // Register the gate and copy its token from the dialog (shown once), as the hardware journey does.
    await organizer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await openPage(organizer.page, PATHS.organizerHardwareList, 'device-list-page');
    await organizer.page.getByTestId('device-register').click();
    await unlessPageFails(organizer.page, organizer.page.getByTestId('device-form-name').waitFor({ state: 'visible' }));
    await organizer.page.getByTestId('device-form-name').fill(DEVICE_NAME);
    await organizer.page.getByTestId('device-form-location').fill('东登录厅 1 号通道');
    await organizer.page.getByTestId('device-form-submit').click();
    const deviceRow = organizer.page.locator('tr[data-testid^="device-row-"]', { hasText: DEVICE_NAME });
    await unlessPageFails(organizer.page, deviceRow.waitFor({ state: 'visible' }));
    await deviceRow.getByTestId('device-issue-token').click();
    const tokenValue = organizer.page.getByTestId('device-token-value');
    await unlessPageFails(organizer.page, tokenValue.waitFor({ state: 'visible' }));
    await tokenValue.getByRole('button', { name: uiText(locale, 'entrance:token.copy'), exact: true }).click();
    const token = await organizer.page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe((await tokenValue.innerText()).trim());
    await organizer.page.getByTestId('device-token-close').click();

    // The gate rules, saved alone: the shortest QR period and no second visitor entry within five minutes.
    await openPage(organizer.page, PATHS.organizerProjectInfo, 'project-settings-form');
    await organizer.page.getByTestId('project-qr-period').fill(String(QR_PERIOD_MIN_SECONDS));
    await organizer.page.getByTestId('project-rule-VISITOR-reentry').click();
    await organizer.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: uiText(locale, 'project:reentry.COOLDOWN') }).click();
    await organizer.page.getByTestId('project-rule-VISITOR-cooldown').fill('5');
    const saved = organizer.page.waitForResponse((response) => response.url().includes('/apis/core/graphql') && (response.request().postData() ?? '').includes('SaveGateRules'));
    await organizer.page.getByTestId('project-gate-save').click();
    expect(((await (await saved).json()) as { errors?: unknown }).errors).toBeUndefined();

    // The demo visitor applies for today and is approved (through the API: the visitor journey covers the pages).
    const today = shanghaiDate(new Date());
    const seed = readSeedFacts(server.logFile, server.baseUrl);
    await applyAndApprove(server.baseUrl, demoUsers.visitor, demoUsers.organizer, {
      name: VISITOR_NAME,
      mobile: demoUsers.visitor.identity,
      email: 'demo.visitor@example.com',
      idNumber: mainlandId('11010119920814123'),
      visitDates: [today],
      activationCode: seed.codes[0] ?? '',
      samples: { entry: 4, id: 4 },
    });

    // The reference client: sync, then the scan, online.
    const synced = await device<{ full: boolean; day: string; held: number }>(token, 'sync');
    expect(synced).toMatchObject({ full: true, day: today });
    expect(synced.held).toBeGreaterThanOrEqual(1);

    // The visitor's rotating QR on a phone: drawn in the browser, a new one when the window ends.
    // Approved now: the visitor lands on "my registration", not on the application form.
    const approvedVisitor = { ...demoUsers.visitor, landing: exactPath(PATHS.visitorInfo), layout: 'visitor-layout', landingHeading: 'visitor:info.title' };
    const phone = await open({ locale, device: 'mobile', origin: server.baseUrl });
    await signInDirect(phone.page, approvedVisitor, locale);
    await openPage(phone.page, PATHS.visitorTicket, 'ticket-qr');
    const shownQr = () => phone.page.getByTestId('ticket-qr').getAttribute('data-token');
    const firstQr = await shownQr();
    expect(readTicketQr(firstQr ?? '')).toMatchObject({ k: 'A', r: QR_PERIOD_MIN_SECONDS, code: expect.stringMatching(/^\d{6}$/) });
    await expect.poll(shownQr, { timeout: (QR_PERIOD_MIN_SECONDS + 5) * 1000 }).not.toBe(firstQr);
    expect(await phone.page.getByTestId('ticket-rotating-hint').innerText()).toContain(String(QR_PERIOD_MIN_SECONDS));
    await checkInBothLanguages(phone.page, 'entrance-ticket-rotating', locale, 'visitor:ticket.title', 'mobile');

    // The gate reads a screenshot of the enlarged QR (what a camera sees): admitted; a second one within the cooldown is refused.
    const scan = await device<GateScan>(token, 'scan', '--image', await screenshotOfEnlargedQr(phone.page, 'phone'));
    expect(scan).toMatchObject({ admit: true, reason: 'ENTRY', offline: false, entriesToday: 1, ticket: { kind: 'VISITOR', holderName: VISITOR_NAME } });
    await phone.page.getByTestId('ticket-qr-close').click();
    const again = await device<GateScan>(token, 'scan', '--image', await screenshotOfEnlargedQr(phone.page, 'phone-again'));
    expect(again).toMatchObject({ admit: false, reason: 'PASS_BACK', offline: false, entriesToday: 1 });
    await device(token, 'heartbeat');

    // The visitor sees the entry on the record page.
    const visitor = await open({ locale, device: 'desktop', origin: server.baseUrl });
    await signInDirect(visitor.page, approvedVisitor, locale);
    // A desktop screenshot reads too, though the page behind the dialog shows the small QR (the client's decoder
    // alone: a second scan would be a re-entry).
    const desktopShot = await screenshotOfEnlargedQr(visitor.page, 'desktop');
    expect(readTicketQr((await readQrFromImage(desktopShot)) ?? '')).toMatchObject({ k: 'A', d: [today] });
    await visitor.page.getByTestId('ticket-qr-close').click();
    await openPage(visitor.page, PATHS.visitorRecord, 'record-row');
    expect(await visitor.page.getByTestId('record-row').count()).toBe(1);
    expect(await visitor.page.getByTestId('record-row').first().textContent()).toContain(DEVICE_NAME);
    await checkInBothLanguages(visitor.page, 'entrance-visitor-record', locale, 'visitor:record.title', 'desktop');

    // The organizer sees it in the ticket list, and the device online on the hardware list.
    await openPage(organizer.page, TICKET_LIST, 'ticket-table');
    const keyword = organizer.page.getByTestId('ticket-filter-keyword').locator('input');
    await keyword.fill(VISITOR_NAME);
    await keyword.press('Enter');
    const ticketRow = organizer.page.locator('tr', { has: organizer.page.getByTestId('ticket-holder').filter({ hasText: VISITOR_NAME }) });
    await expect.poll(() => ticketRow.count()).toBe(1);
    expect(await ticketRow.getByTestId('ticket-admissions-open').innerText()).toBe(uiText(locale, 'ticket-office:admissions.count').replace('{{count}}', '1'));
    await checkInBothLanguages(organizer.page, 'entrance-ticket-list', locale, 'ticket-office:intro', 'desktop');
    await openPage(organizer.page, PATHS.organizerHardwareList, 'device-list-page');
    await expect.poll(() => deviceRow.getByTestId('device-state').innerText(), { timeout: 25_000, interval: 1_000 }).toBe(uiText(locale, 'entrance:state.online'));
    await checkInBothLanguages(organizer.page, 'entrance-hardware-list', locale, 'entrance:list.title', 'desktop');
    // The device's scan log in both languages: the entry and the pass-back, in words.
    for (const language of [locale, otherLocale(locale)]) {
      if (language !== locale) await switchLanguage(organizer.page, language);
      await deviceRow.getByTestId('device-scans').click();
      const log = organizer.page.getByTestId('device-scans-drawer');
      await unlessPageFails(organizer.page, log.getByTestId('device-scan-PASS_BACK').waitFor({ state: 'visible' }));
      await waitForSettled(organizer.page);
      expect(await log.getByTestId('device-scan-PASS_BACK').getByTestId('device-scan-reason').innerText()).toBe(uiText(language, 'entrance:reasons.PASS_BACK'));
      expect(await log.getByTestId('device-scan-ENTRY').getByTestId('device-scan-reason').innerText()).toBe(uiText(language, 'entrance:reasons.ENTRY'));
      await checkPage(organizer.page, `entrance-scan-log-${language}`);
      await organizer.page.keyboard.press('Escape');
      await unlessPageFails(organizer.page, log.waitFor({ state: 'hidden' }));
    }
    await switchLanguage(organizer.page, locale);

    expect(organizer.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
    expect(phone.problems).toEqual([]);
  });
});
