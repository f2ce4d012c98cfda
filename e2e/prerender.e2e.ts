// The pre-rendered first screens (DESIGN §7): /login (each scope), the visitor registration, the
// application form and the ticket arrive as HTML in the detected language and are hydrated by the client without a
// mismatch (React's reports fail every journey: support/browser.ts), on a desktop and a phone, in both languages;
// the markup the server sent stays in place (hydrated, not rendered again). On its own server: the demo visitor
// applies and is approved here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shanghaiDate } from '@portal/shared/dates';
import { signIn } from './support/api-session';
import { applyAndApprove } from './support/approved-visitor';
import { describeE2E, unlessPageFails, useBrowser, type Device, type Locale, type OpenedPage } from './support/browser';
import { demoUsers } from './support/portal';
import { saveScreenshot } from './support/screenshots';
import { uiText } from './support/texts';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { mainlandId, readSeedFacts } from './support/visitor-journey';

const LOCALES: Locale[] = ['zh-CN', 'en-US'];
const DEVICES: Device[] = ['desktop', 'mobile'];

/**
 * Before the app's scripts run (module scripts wait for the parsed document), keeps what the server put into the
 * root: its language mark and every element, so that the page can later be asked whether they are still there.
 */
const KEEP_SERVER_MARKUP = () => {
  const keep = () => {
    const root = document.getElementById('root');
    const record = window as unknown as { prerendered?: { language: string | undefined; elements: Element[] } };
    record.prerendered = { language: root?.dataset.prerendered, elements: root ? Array.from(root.querySelectorAll('*')) : [] };
  };
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') keep();
  });
};

interface ServerMarkup {
  language: string | undefined;
  elements: number;
  /** Elements of the server's markup no longer in the document. */
  replaced: number;
  /** Elements still without React's fiber: not hydrated (yet). */
  unhydrated: number;
}

function serverMarkup(page: Page, selector = '*'): Promise<ServerMarkup> {
  return page.evaluate((within) => {
    const record = (window as unknown as { prerendered?: { language: string | undefined; elements: Element[] } }).prerendered;
    const elements = (record?.elements ?? []).filter((element) => within === '*' || element.closest(within));
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    return {
      language: record?.language,
      elements: elements.length,
      replaced: elements.filter((element) => !element.isConnected).length,
      unhydrated: elements.filter((element) => element.isConnected && !hydrated(element)).length,
    };
  }, selector);
}

describeE2E('pre-rendered first screens', () => {
  const { open } = useBrowser();
  let server: RunningServer;
  let stateDir: string;

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'prerender-server.log'), env: { WEB_DIST_DIR: distDir } });
    stateDir = mkdtempSync(join(tmpdir(), 'portal-e2e-prerender-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  async function openScreen(device: Device, locale: Locale, path: string, cookie?: string): Promise<OpenedPage> {
    const opened = await open({ locale, device, origin: server.baseUrl });
    await opened.page.addInitScript(KEEP_SERVER_MARKUP);
    if (cookie) {
      const cookies = cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: server.baseUrl };
      });
      await opened.context.addCookies(cookies);
    }
    await opened.page.goto(path);
    return opened;
  }

  it('hydrates the signed-out screens as the server rendered them, on a desktop and a phone, in both languages', async () => {
    for (const device of DEVICES) {
      for (const locale of LOCALES) {
        for (const path of ['/login', '/login?scope=organizer', '/login?scope=exhibitor', '/visitor/web/register']) {
          const { page, problems } = await openScreen(device, locale, path);
          const label = `${device} ${locale} ${path}`;
          const first = await serverMarkup(page);
          expect({ label, language: first.language }).toEqual({ label, language: locale });
          expect(first.elements).toBeGreaterThan(20);
          // Every element the server sent gets its fiber (the screen's lazily loaded part when its chunk arrives) and none is replaced.
          await unlessPageFails(page, expect.poll(async () => (await serverMarkup(page)).unhydrated, { message: label }).toBe(0));
          const hydrated = await serverMarkup(page);
          expect({ label, replaced: hydrated.replaced }).toEqual({ label, replaced: 0 });
          // Hydrated means working: the form takes input.
          const field = page.locator('input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"])').first();
          await field.fill('13800000000');
          expect(await field.inputValue()).toBe('13800000000');
          if (device === 'mobile') await saveScreenshot(page, `prerendered-${device}-${locale}-${path}`);
          expect({ label, problems }).toEqual({ label, problems: [] });
          await page.context().close();
        }
      }
    }
  });

  it('hydrates the signed-in screens from the shell the browser shows before the session is known', async () => {
    const visitorCookie = (await signIn(server.baseUrl, { ...demoUsers.visitor, scope: 'audience' })).header();
    for (const device of DEVICES) {
      for (const locale of LOCALES) {
        const { page, problems } = await openScreen(device, locale, '/visitor/web/application', visitorCookie);
        const label = `${device} ${locale} application`;
        expect({ label, language: (await serverMarkup(page)).language }).toEqual({ label, language: locale });
        await unlessPageFails(page, page.getByTestId('application-form').waitFor({ state: 'visible' }));
        // The layout (header, footer) is the server's, hydrated; only the loading state gave way to the form.
        const layout = await serverMarkup(page, '.area-header');
        expect({ label, ...layout }).toMatchObject({ label, replaced: 0, unhydrated: 0 });
        expect(layout.elements).toBeGreaterThan(2);
        if (device === 'mobile') await saveScreenshot(page, `prerendered-${device}-${locale}-application`);
        expect({ label, problems }).toEqual({ label, problems: [] });
        await page.context().close();
      }
    }

    const seed = readSeedFacts(server.logFile, server.baseUrl);
    await applyAndApprove(server.baseUrl, demoUsers.visitor, demoUsers.organizer, {
      name: '张伟',
      mobile: demoUsers.visitor.identity,
      email: 'demo.visitor@example.com',
      idNumber: mainlandId('11010119920814123'),
      visitDates: [seed.showDays[0] ?? shanghaiDate(new Date())],
      activationCode: seed.codes[0] ?? '',
      samples: { entry: 4, id: 4 },
    });
    for (const device of DEVICES) {
      for (const locale of LOCALES) {
        const { page, problems } = await openScreen(device, locale, '/wa/visitor/ticket', visitorCookie);
        const label = `${device} ${locale} ticket`;
        expect({ label, language: (await serverMarkup(page)).language }).toEqual({ label, language: locale });
        // The screen's largest element, the instruction, is in the HTML (the LCP is the server's paint), where the ticket keeps it.
        const html = await (await fetch(`${server.baseUrl}/wa/visitor/ticket`, { headers: { cookie: `${visitorCookie}; _lang_=${locale}` } })).text();
        expect({ label, instruction: html.includes(uiText(locale, 'visitor:ticket.instruction')) }).toEqual({ label, instruction: true });
        await unlessPageFails(page, page.getByTestId('ticket-page').waitFor({ state: 'visible' }));
        if (device === 'mobile') await saveScreenshot(page, `prerendered-${device}-${locale}-ticket`);
        expect({ label, problems }).toEqual({ label, problems: [] });
        await page.context().close();
      }
    }
  });
});
