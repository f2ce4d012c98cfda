// The ticket in hand, on a phone inside WeChat's in-app browser (its user agent), in both languages: a new visitor
// registers, applies with photos — the entry photo through the camera button, the ID photo through the basic
// picker that stands in where WeChat ignores `capture` — and is approved; the ticket page saves the ticket for use
// with no network and says so; the phone goes offline (context.setOffline), the page is reloaded and still shows
// the QR — which keeps rotating —, the holder and the saved photo; the reference gate client admits a screenshot of it; signing out
// removes the saved ticket, after which the page no longer opens offline. No page opens a window (WeChat blocks
// them) or starts a download: an export in WeChat explains how to open the page in the system browser instead.
//
// The journey runs on a server of its own (DEMO_GATE_DAY_TODAY): a gate admits nobody on a day that is not a show day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shanghaiDate } from '@portal/shared/dates';
import { QR_PERIOD_MIN_SECONDS } from '@portal/shared/ticket/rotating-code';
import type { GateScan } from '../device/src/gate';
import { graphqlAs, signIn, type CookieJar } from './support/api-session';
import { runDevice } from './support/device-client';
import { describeE2E, unlessPageFails, useBrowser, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { exactPath, PATHS } from './support/paths';
import { picturesDir, writeFacePicture } from './support/pictures';
import { checkPage, demoUsers, waitForPath, waitForSettled } from './support/portal';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { squash, uiText } from './support/texts';
import { mainlandId, readSeedFacts, register, uploadPhoto, visitorPaths, type Visitor } from './support/visitor-journey';


/** WeChat 8.0 on Android: its in-app browser (XWEB) says MicroMessenger in its user agent. */
const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
  'Chrome/130.0.6723.103 Mobile Safari/537.36 XWEB/1300333 MMWEBSDK/20241103 MMWEBID/6204 MicroMessenger/8.0.54.2760(0x28003640) ' +
  'WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

const OFFLINE_TICKET_KEY = 'portal.offline-ticket';

interface Journey {
  locale: Locale;
  visitor: Visitor;
  codeIndex: number;
}

const journeys: Journey[] = [
  {
    locale: 'zh-CN',
    visitor: { mobile: '19912340031', name: '微信门票访客', password: 'Wechat2025ticket', email: 'wechat.ticket@example.com', idNumber: mainlandId('11010119910514123') },
    codeIndex: 0,
  },
  {
    locale: 'en-US',
    visitor: { mobile: '19912340032', name: 'Wei Xin', password: 'Wechat2025ticket', email: 'wechat.ticket.en@example.com', idNumber: mainlandId('11010119930921123') },
    codeIndex: 1,
  },
];

let server: RunningServer;
let stateDir: string;
let photosDir: string;

/** The reference gate client against the journey's server. */
function device<T>(token: string, ...args: string[]): Promise<T> {
  return runDevice<T>({ serverUrl: server.baseUrl, token, stateFile: join(stateDir, 'gate.json') }, ...args);
}

const graphql = <T>(jar: CookieJar, query: string, variables: Record<string, unknown> = {}) => graphqlAs<T>(server.baseUrl, jar, query, variables);

/** A gate for every ticket kind and day, registered and given a token by the organizer (the hardware journey does it through the pages). */
async function registerGate(organizer: CookieJar): Promise<string> {
  const registered = await graphql<{ registerEntranceDevice: { id: string } }>(
    organizer,
    'mutation ($input: EntranceDeviceInput!) { registerEntranceDevice(input: $input) { id } }',
    { input: { name: 'E2E 微信闸机', location: '北登录厅', kind: 'GATE', days: [], ticketKinds: ['VISITOR', 'BADGE', 'IMPORTED'] } },
  );
  const issued = await graphql<{ issueDeviceToken: { token: string } }>(organizer, 'mutation ($id: ID!) { issueDeviceToken(id: $id) { token } }', {
    id: registered.registerEntranceDevice.id,
  });
  return issued.issueDeviceToken.token;
}

/** The visitor's QR rotates every QR_PERIOD_MIN_SECONDS (the settings' shortest period): a journey sees it change. */
async function rotateQuickly(organizer: CookieJar) {
  const { projectSettings } = await graphql<{ projectSettings: { version: number } }>(organizer, 'query { projectSettings { version } }');
  const rule = (kind: string, rotating: boolean) => ({ kind, rotating, reentry: 'UNLIMITED' });
  await graphql(organizer, 'mutation ($input: GateRulesInput!) { saveGateRules(input: $input) { version } }', {
    input: { version: projectSettings.version, qrPeriodSeconds: QR_PERIOD_MIN_SECONDS, ticketRules: [rule('VISITOR', true), rule('BADGE', false), rule('IMPORTED', false)] },
  });
}

/** What the device keeps of the ticket: the saved copy, the service worker's cache and its registration. */
const keptOnDevice = (page: Page) =>
  page.evaluate(async (key) => {
    const registrations = await navigator.serviceWorker.getRegistrations();
    return { saved: localStorage.getItem(key) !== null, caches: await caches.keys(), workers: registrations.length };
  }, OFFLINE_TICKET_KEY);

/** A screenshot of the enlarged QR (what a gate's camera sees) and when it was taken. */
async function screenshotOfEnlargedQr(page: Page, name: string): Promise<{ path: string; takenAt: Date }> {
  await page.getByTestId('ticket-qr-enlarge').click();
  await unlessPageFails(page, page.getByTestId('ticket-qr-dialog').waitFor({ state: 'visible' }));
  await waitForSettled(page);
  const path = join(repoRoot, 'e2e', 'artifacts', `ticket-in-hand-qr-${name}.png`);
  const takenAt = new Date();
  await page.screenshot({ path });
  await page.getByTestId('ticket-qr-close').click();
  return { path, takenAt };
}

describeE2E('the ticket in hand: WeChat, offline, at the gate', () => {
  const browser = useBrowser();
  let organizer: CookieJar;
  let gateToken: string;

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'ticket-in-hand-server.log'), env: { WEB_DIST_DIR: distDir, DEMO_GATE_DAY_TODAY: 'true' } });
    stateDir = mkdtempSync(join(tmpdir(), 'portal-e2e-gate-'));
    photosDir = picturesDir();
    organizer = await signIn(server.baseUrl, { ...demoUsers.organizer, scope: 'organizer' });
    gateToken = await registerGate(organizer);
    await rotateQuickly(organizer);
  });
  afterAll(async () => {
    await server?.stop();
    for (const dir of [stateDir, photosDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const { locale, visitor, codeIndex } of journeys) {
    it(`${locale}: applies in WeChat with photos, keeps the ticket offline, is admitted, signs out`, async () => {
      const t = (key: string) => uiText(locale, key);
      const shot = (step: string) => `ticket-in-hand-${locale}-${step}`;
      const today = shanghaiDate(new Date());
      const code = readSeedFacts(server.logFile, server.baseUrl).codes[codeIndex];
      if (!code) throw new Error(`the seed printed no activation code #${codeIndex}`);
      const [entryFile, idFile] = await Promise.all([writeFacePicture(photosDir, `${locale}-entry`, 5), writeFacePicture(photosDir, `${locale}-id`, 6, 0.25)]);

      const phone = await browser.open({ locale, device: 'mobile', origin: server.baseUrl, userAgent: WECHAT_USER_AGENT });
      const { page, context } = phone;
      const popups: string[] = [];
      const downloads: string[] = [];
      page.on('popup', (popup) => popups.push(popup.url()));
      page.on('download', (download) => downloads.push(download.suggestedFilename()));

      // 1. Registration and the application with photos, as in WeChat.
      await register(page, visitor, locale, 'mobile', server.logFile);
      await page.getByTestId('application-page').waitFor();
      // A phone offers the camera: the face with the front one, the document with the back one.
      expect(await page.getByTestId('photo-input-camera-ENTRY_CARD').getAttribute('capture')).toBe('user');
      expect(await page.getByTestId('photo-input-camera-ID_CARD').getAttribute('capture')).toBe('environment');
      expect(await page.getByTestId('photo-camera-ENTRY_CARD').getAttribute('aria-label')).toBe(t('photo:takePhotoFor').replace('{{label}}', t('application:fields.entryPhoto')));
      await page.getByTestId('application-email').fill(visitor.email);
      await page.getByRole('combobox', { name: t('application:fields.idType'), exact: true }).selectOption({ label: t('application:idTypes.MAINLAND_ID') });
      await page.getByTestId('application-id-number').fill(visitor.idNumber);
      await uploadPhoto(page, 'ENTRY_CARD', entryFile, undefined, 'camera');
      await uploadPhoto(page, 'ID_CARD', idFile, undefined, 'plain');
      await page.getByTestId(`application-visit-date-${today}`).check();
      await page.getByTestId('application-activation-code').fill(code);
      await page.getByTestId('application-consent').check();
      await page.getByTestId('application-truth').check();
      await checkPage(page, shot('01-application'));
      await page.getByTestId('application-submit').click();
      await waitForPath(page, visitorPaths.info);
      expect(await page.getByTestId('info-page').getAttribute('data-status')).toBe('WAIT');

      // 2. The organizer approves it (through the API: the visitor journey covers the review pages).
      const visitorJar = await signIn(server.baseUrl, { identity: visitor.mobile, password: visitor.password, scope: 'audience' });
      const own = await graphql<{ viewer: { audience: { id: string } | null } }>(visitorJar, 'query { viewer { ... on User { audience { id } } } }');
      const applicationId = own.viewer.audience?.id;
      if (!applicationId) throw new Error('the submitted application is not the visitor’s');
      await graphql(organizer, 'mutation ($ids: [ID!]!) { approveAudiences(ids: $ids) { id } }', { ids: [applicationId] });

      // 3. The ticket, saved on the phone for use with no network, and said so.
      await page.goto(PATHS.visitorTicket);
      const onDevice = page.getByTestId('ticket-on-device');
      await unlessPageFails(page, page.locator('[data-testid="ticket-on-device"][data-source="ready"]').waitFor({ timeout: 30_000 }));
      const readyText = t('visitor:ticket.onDevice.ready').split('{{time}}')[0] ?? '';
      expect(squash(await onDevice.innerText())).toContain(squash(readyText));
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      // Installable: Chromium reads the manifest without an error (its installability check itself refuses any
      // context that keeps nothing, as the journeys' contexts are), and the service worker controls the page.
      const devtools = await context.newCDPSession(page);
      const manifest = await devtools.send('Page.getAppManifest', {});
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ start_url: PATHS.visitorTicket, display: 'standalone', lang: locale });
      await devtools.detach();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(/\/sw\.js$/);
      expect(await keptOnDevice(page)).toMatchObject({ saved: true, workers: 1 });
      await checkPage(page, shot('02-ticket-saved'));

      // 4. No network in the hall: the page opens again from the phone, with the QR, the holder and the photo.
      await context.setOffline(true);
      await page.reload();
      await unlessPageFails(page, page.locator('[data-testid="ticket-on-device"][data-source="offline"]').waitFor());
      expect(await page.getByTestId('ticket-holder').innerText()).toBe(visitor.name);
      expect(await page.getByTestId('ticket-photo').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      expect(await page.getByTestId(`ticket-date-${today}`).count()).toBe(1);
      // With no network there is nothing to change: the dates' link is not offered.
      expect(await page.getByTestId('ticket-change-dates').count()).toBe(0);
      // The QR keeps rotating from the saved secret: a new one when the window ends.
      const shownQr = () => page.getByTestId('ticket-qr').getAttribute('data-token');
      const offlineQr = await shownQr();
      expect(offlineQr).toMatch(/\.\d{6}$/);
      await expect.poll(shownQr, { timeout: (QR_PERIOD_MIN_SECONDS + 5) * 1000 }).not.toBe(offlineQr);
      await checkPage(page, shot('03-ticket-offline'));

      // 5. The gate reads the QR on the offline page.
      // The gate decides from its synced feed at the moment of the screenshot (`--at`: the rotating code is checked
      // at the gate's clock, not at whenever this busy machine gets round to it), then uploads the scan to the server.
      const qrShot = await screenshotOfEnlargedQr(page, locale);
      await device(gateToken, 'sync');
      const scan = await device<GateScan>(gateToken, 'scan', '--image', qrShot.path, '--at', qrShot.takenAt.toISOString());
      expect(scan).toMatchObject({ admit: true, reason: 'ENTRY', offline: true, ticket: { kind: 'VISITOR' } });
      const uploaded = await device<{ uploaded: number; results: GateScan[] }>(gateToken, 'upload');
      expect(uploaded.results).toMatchObject([{ admit: true, reason: 'ENTRY', ticket: { kind: 'VISITOR', holderName: visitor.name } }]);

      // 6. Signing out (online) leaves nothing of the ticket on the phone; offline, the page no longer opens.
      await context.setOffline(false);
      await page.goto(PATHS.logout);
      await waitForPath(page, exactPath(PATHS.login));
      expect(await keptOnDevice(page)).toEqual({ saved: false, caches: [], workers: 0 });
      await context.setOffline(true);
      await expect(page.goto(PATHS.visitorTicket)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      await context.setOffline(false);

      // 7. An export in WeChat (an organizer who opened a forwarded link): the steps to the system browser, no download.
      const office = await browser.open({ locale, device: 'mobile', origin: server.baseUrl, userAgent: WECHAT_USER_AGENT });
      office.page.on('download', (download) => downloads.push(download.suggestedFilename()));
      office.page.on('popup', (popup) => popups.push(popup.url()));
      await signInDirect(office.page, demoUsers.organizer, locale);
      await office.page.goto(PATHS.organizerAudienceList);
      const exportButton = office.page.getByTestId('review-export');
      await unlessPageFails(office.page, exportButton.waitFor());
      await expect.poll(() => exportButton.isEnabled()).toBe(true);
      await exportButton.click();
      expect(squash(await office.page.getByTestId('review-export-wechat').innerText())).toBe(squash(t('common:download.wechat')));
      await checkPage(office.page, shot('04-export-in-wechat'));

      expect(popups).toEqual([]);
      expect(downloads).toEqual([]);
      expect(phone.problems).toEqual([]);
      expect(office.problems).toEqual([]);
    });
  }
});
