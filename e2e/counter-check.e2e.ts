// The counter check instead of face recognition (decision 0209), in both languages: a new visitor chooses "verify me
// at the counter" beside the photos, uploads them (no face detection runs) and applies; the organizer finds the
// application with the list's counter-check filter, sees "counter check chosen" where a face score would be, and
// approves it; the dashboard counts it; the badge kiosk and the reference gate client tell staff to compare the ID
// document in person — the gate's scan answer carries the mark and no photo for a face comparison.
//
// The journey runs on a server of its own (DEMO_GATE_DAY_TODAY): a gate admits nobody on a day that is not a show day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shanghaiDate } from '@portal/shared/dates';
import type { GateScan } from '../device/src/gate';
import { graphqlAs, signIn, type CookieJar } from './support/api-session';
import { runDevice } from './support/device-client';
import { describeE2E, unlessPageFails, useBrowser, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { PATHS } from './support/paths';
import { picturesDir, writeFacePicture } from './support/pictures';
import { checkPage, demoUsers, waitForPath } from './support/portal';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { squash, uiText } from './support/texts';
import { mainlandId, readSeedFacts, register, uploadPhoto, visitorPaths, type Visitor } from './support/visitor-journey';

interface Journey {
  locale: Locale;
  visitor: Visitor;
  codeIndex: number;
}

const journeys: Journey[] = [
  {
    locale: 'zh-CN',
    visitor: { mobile: '19912340051', name: '柜台核对访客', password: 'Counter2025check', email: 'counter.check@example.com', idNumber: mainlandId('11010119900312123') },
    codeIndex: 2,
  },
  {
    locale: 'en-US',
    visitor: { mobile: '19912340052', name: 'Gui Tai', password: 'Counter2025check', email: 'counter.check.en@example.com', idNumber: mainlandId('11010119920817123') },
    codeIndex: 3,
  },
];

let server: RunningServer;
let stateDir: string;
let photosDir: string;

const graphql = <T>(jar: CookieJar, query: string, variables: Record<string, unknown> = {}) => graphqlAs<T>(server.baseUrl, jar, query, variables);

describeE2E('the counter check instead of face recognition', () => {
  const browser = useBrowser();
  let organizer: CookieJar;
  let gateToken: string;

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'counter-check-server.log'), env: { WEB_DIST_DIR: distDir, DEMO_GATE_DAY_TODAY: 'true' } });
    stateDir = mkdtempSync(join(tmpdir(), 'portal-e2e-counter-'));
    photosDir = picturesDir();
    organizer = await signIn(server.baseUrl, { ...demoUsers.organizer, scope: 'organizer' });
    const registered = await graphql<{ registerEntranceDevice: { id: string } }>(
      organizer,
      'mutation ($input: EntranceDeviceInput!) { registerEntranceDevice(input: $input) { id } }',
      { input: { name: 'E2E 人工核验闸机', location: '南登录厅', kind: 'GATE', days: [], ticketKinds: ['VISITOR', 'BADGE', 'IMPORTED'] } },
    );
    const issued = await graphql<{ issueDeviceToken: { token: string } }>(organizer, 'mutation ($id: ID!) { issueDeviceToken(id: $id) { token } }', { id: registered.registerEntranceDevice.id });
    gateToken = issued.issueDeviceToken.token;
  });
  afterAll(async () => {
    await server?.stop();
    for (const dir of [stateDir, photosDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const { locale, visitor, codeIndex } of journeys) {
    it(`${locale}: chooses the counter check, applies, is approved without a face score, and the gate is told`, async () => {
      const t = (key: string) => uiText(locale, key);
      const shot = (step: string) => `counter-check-${locale}-${step}`;
      const today = shanghaiDate(new Date());
      const code = readSeedFacts(server.logFile, server.baseUrl).codes[codeIndex];
      if (!code) throw new Error(`the seed printed no activation code #${codeIndex}`);
      const [entryFile, idFile] = await Promise.all([writeFacePicture(photosDir, `${locale}-entry`, 3), writeFacePicture(photosDir, `${locale}-id`, 4, 0.25)]);

      // 1. The application, with the counter check chosen before the photos: no face detection runs for them.
      const { page } = await browser.open({ locale, device: 'desktop', origin: server.baseUrl });
      await register(page, visitor, locale, 'desktop', server.logFile);
      await page.getByTestId('application-page').waitFor();
      expect(squash(await page.getByTestId('application-consent-text').innerText())).toBe(squash(t('application:consent.explanation')));
      await page.getByTestId('application-counter-check').check();
      expect(squash(await page.getByTestId('application-counter-check-hint').innerText())).toBe(squash(t('application:counterCheck.chosen')));
      await page.getByTestId('application-email').fill(visitor.email);
      await page.getByRole('combobox', { name: t('application:fields.idType'), exact: true }).selectOption({ label: t('application:idTypes.MAINLAND_ID') });
      await page.getByTestId('application-id-number').fill(visitor.idNumber);
      // The browser measures no face either: the field reports no verdict.
      expect(await uploadPhoto(page, 'ENTRY_CARD', entryFile)).toBe('');
      await uploadPhoto(page, 'ID_CARD', idFile);
      await page.getByTestId(`application-visit-date-${today}`).check();
      await page.getByTestId('application-activation-code').fill(code);
      await page.getByTestId('application-consent').check();
      await page.getByTestId('application-truth').check();
      await checkPage(page, shot('01-application'));
      await page.getByTestId('application-submit').click();
      await waitForPath(page, visitorPaths.info);
      expect(await page.getByTestId('info-page').getAttribute('data-status')).toBe('WAIT');

      // 2. The organizer: the list's filter, the tag, and the detail without a score.
      const office = await browser.open({ locale, device: 'desktop', origin: server.baseUrl });
      await signInDirect(office.page, demoUsers.organizer, locale);
      await office.page.goto(`${PATHS.organizerAudienceList}?counterCheck=true&keyword=${encodeURIComponent(visitor.name)}`);
      const row = office.page.getByTestId('review-row-counter-check');
      await unlessPageFails(office.page, row.waitFor());
      expect(await office.page.getByRole('checkbox', { name: t('review:filters.counterCheck') }).isChecked()).toBe(true);
      expect(squash(await row.innerText())).toBe(squash(t('review:table.counterCheck')));
      await checkPage(office.page, shot('02-approval-list'));
      await office.page.getByTestId('review-row-name').first().click();
      const chosen = office.page.getByTestId('audience-detail-counter-check');
      await unlessPageFails(office.page, chosen.waitFor());
      expect(squash(await chosen.innerText())).toContain(squash(t('review:detail.counterCheck')));
      expect(await office.page.getByTestId('audience-detail-face-match').count()).toBe(0);
      await checkPage(office.page, shot('03-detail'));

      // 3. Approved as any other application; the dashboard counts the choice.
      const visitorJar = await signIn(server.baseUrl, { identity: visitor.mobile, password: visitor.password, scope: 'audience' });
      const own = await graphql<{ viewer: { audience: { id: string; counterCheck: boolean } | null } }>(visitorJar, 'query { viewer { ... on User { audience { id counterCheck } } } }');
      expect(own.viewer.audience?.counterCheck).toBe(true);
      await graphql(organizer, 'mutation ($ids: [ID!]!) { approveAudiences(ids: $ids) { id } }', { ids: [own.viewer.audience?.id] });
      await office.page.goto(PATHS.organizerDashboard);
      const figure = office.page.getByTestId('dashboard-applications-counter-check');
      await unlessPageFails(office.page, figure.waitFor());
      expect(squash(await figure.innerText())).toContain(squash(t('dashboard:counterCheck.title')));
      // The figures are computed once per 10 s for everyone: the journey's own applications show up by then.
      const counted = async () => {
        await office.page.reload();
        await figure.waitFor();
        return Number((await figure.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
      };
      await expect.poll(counted, { timeout: 30_000, interval: 2_000 }).toBeGreaterThanOrEqual(journeys.findIndex((journey) => journey.locale === locale) + 1);
      await checkPage(office.page, shot('04-dashboard'));

      // 4. The badge kiosk: compare the ID document in person.
      await office.page.goto(PATHS.organizerBadgeKiosk);
      await unlessPageFails(office.page, office.page.getByTestId('badge-kiosk-query').waitFor());
      await office.page.getByTestId('badge-kiosk-query').locator('input').fill(visitor.name);
      await office.page.getByTestId('badge-kiosk-query').locator('input').press('Enter');
      const mark = office.page.getByTestId('badge-kiosk-counter-check');
      await unlessPageFails(office.page, mark.waitFor());
      expect(squash(await mark.innerText())).toBe(squash(t('badge-print:kiosk.counterCheck')));
      await checkPage(office.page, shot('05-kiosk'));

      // 5. The gate: the scan answer carries the mark and no photo for a face comparison.
      const { tickets } = await graphql<{ tickets: { nodes: Array<{ id: string; counterCheck: boolean }> } }>(organizer, 'query ($filter: TicketFilter) { tickets(filter: $filter) { nodes { id counterCheck } } }', {
        filter: { keyword: visitor.name },
      });
      const ticket = tickets.nodes[0];
      expect(ticket?.counterCheck).toBe(true);
      const { ticketQr } = await graphql<{ ticketQr: { token: string } }>(organizer, 'query ($ticketId: ID!) { ticketQr(ticketId: $ticketId) { token } }', { ticketId: ticket?.id });
      const gate = { serverUrl: server.baseUrl, token: gateToken, stateFile: join(stateDir, 'gate.json') };
      await runDevice(gate, 'sync');
      const scan = await runDevice<GateScan>(gate, 'scan', '--qr', ticketQr.token);
      expect(scan).toMatchObject({ admit: true, reason: 'ENTRY', offline: false, ticket: { kind: 'VISITOR', holderName: visitor.name, photoUrl: null, counterCheck: true } });
      // Offline, from the feed, the device knows it too.
      const offline = await runDevice<GateScan>(gate, 'scan', '--qr', ticketQr.token, '--at', new Date().toISOString());
      expect(offline).toMatchObject({ offline: true, ticket: { counterCheck: true } });
    });
  }
});
