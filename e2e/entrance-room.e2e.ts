// The live entrance room: the demo organizer opens /wo/entrance-room from the menu (zh-CN, then en-US);
// the reference gate client (`npm run device -- scan --qr`) admits imported tickets at a gate registered for
// the journey, and the room's figures, its gate table and its chart follow without a reload (server-sent
// events). Every state is axe-checked and photographed (e2e/artifacts/entrance-room-*.png).
//
// The journey runs on a server of its own (DEMO_GATE_DAY_TODAY, a few bulk imported tickets valid today): a
// gate admits nobody on a day that is not a show day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GateScan } from '../device/src/gate';
import { graphqlAs, signIn, type CookieJar } from './support/api-session';
import { registerGate, runDevice } from './support/device-client';
import { describeE2E, unlessPageFails, useBrowser, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { exactPath, PATHS } from './support/paths';
import { checkPage, demoUsers, expectHeading, menuEntry } from './support/portal';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { uiText } from './support/texts';
import { switchLanguage } from './support/visitor-journey';

const GATE_NAME = 'E2E 实况东门';

let server: RunningServer;
let stateDir: string;

const graphql = <T>(jar: CookieJar, query: string, variables: Record<string, unknown> = {}) => graphqlAs<T>(server.baseUrl, jar, query, variables);

/** The QR texts of a few imported tickets valid today (the office's printed QR of each). */
async function ticketQrs(organizer: CookieJar, count: number): Promise<string[]> {
  const { tickets } = await graphql<{ tickets: { nodes: { id: string }[] } }>(organizer, 'query ($filter: TicketFilter) { tickets(filter: $filter, pageSize: 20) { nodes { id } } }', {
    filter: { kind: 'IMPORTED' },
  });
  const qrs: string[] = [];
  for (const { id } of tickets.nodes.slice(0, count)) qrs.push((await graphql<{ ticketQr: { token: string } }>(organizer, 'query ($id: ID!) { ticketQr(ticketId: $id) { token } }', { id })).ticketQr.token);
  return qrs;
}

const figure = (page: Page, key: string) => page.getByTestId(`entrance-room-${key}`).locator('.ant-statistic-content-value').innerText();

describeE2E('the live entrance room', () => {
  const browser = useBrowser();
  let gateToken: string;
  let qrs: string[];

  const scan = (qr: string) => runDevice<GateScan>({ serverUrl: server.baseUrl, token: gateToken, stateFile: join(stateDir, 'gate.json') }, 'scan', '--qr', qr);

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'entrance-room-server.log'), env: { WEB_DIST_DIR: distDir, DEMO_GATE_DAY_TODAY: 'true', DEMO_BULK_TICKETS: '10' } });
    stateDir = mkdtempSync(join(tmpdir(), 'portal-e2e-room-'));
    const organizer = await signIn(server.baseUrl, { ...demoUsers.organizer, scope: 'organizer' });
    gateToken = await registerGate(server.baseUrl, organizer, { name: GATE_NAME, location: '东登录厅' });
    qrs = await ticketQrs(organizer, 2);
    expect(qrs).toHaveLength(2);
  });
  afterAll(async () => {
    await server?.stop();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it('the organizer watches the gates: each scan shows in the figures, the table and the chart without a reload, in both languages', async () => {
    const { page } = await browser.open({ locale: 'zh-CN', device: 'desktop', origin: server.baseUrl });
    await signInDirect(page, demoUsers.organizer, 'zh-CN');
    const steps: Array<{ locale: Locale; qr: string; visitors: string }> = [
      { locale: 'zh-CN', qr: qrs[0] ?? '', visitors: '1' },
      { locale: 'en-US', qr: qrs[1] ?? '', visitors: '2' },
    ];
    await menuEntry(page, 'zh-CN', 'common:organizer.menu.entranceRoom').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(exactPath(PATHS.organizerEntranceRoom));
    await unlessPageFails(page, page.getByTestId('entrance-room-visitors').waitFor());
    await expectHeading(page, uiText('zh-CN', 'entrance-room:title'));
    expect(await figure(page, 'visitors')).toBe('0');
    await checkPage(page, 'entrance-room-01-empty-zh-CN');

    for (const step of steps) {
      if (step.locale === 'en-US') {
        await switchLanguage(page, 'en-US');
        await expectHeading(page, uiText('en-US', 'entrance-room:title'));
      }
      const loaded = page.url();
      const answer = await scan(step.qr);
      expect(answer).toMatchObject({ admit: true, reason: 'ENTRY', offline: false });
      // Pushed by the server: the same page (no navigation), the new figure within the room's refresh.
      await expect.poll(() => figure(page, 'visitors'), { timeout: 15_000, interval: 250 }).toBe(step.visitors);
      expect(page.url()).toBe(loaded);
      const table = page.getByTestId('entrance-room-gates-table');
      await unlessPageFails(page, table.waitFor({ state: 'visible' }));
      expect(await table.innerText()).toContain(GATE_NAME);
      await page.locator('[data-testid="entrance-room-gates-chart"][data-rendered="true"]').waitFor();
      expect(await page.getByTestId('entrance-room-status').innerText()).toMatch(step.locale === 'zh-CN' ? /^实时更新/ : /^Live, updated/);
      await checkPage(page, `entrance-room-0${step.visitors === '1' ? 2 : 3}-scanned-${step.locale}`);
    }
    // Today's visitors by region: the bulk tickets carry no ID, so they count as unknown.
    await expect.poll(() => page.getByTestId('entrance-room-regions-table').innerText().catch(() => ''), { timeout: 30_000, interval: 500 }).toContain(uiText('en-US', 'entrance-room:regions.unknown'));
    await checkPage(page, 'entrance-room-04-regions-en-US');
  });
});
