/**
 * The organizer's approval list at 100,000 applications in Chromium (DESIGN §7: "paging or filtering a
 * 100,000-row list responds within 200 ms (INP)"): the real server on a fresh PGlite data folder with the demo seed
 * and DEMO_BULK_AUDIENCES applications, the built web app, a desktop window, no CPU throttling (an organizer at a
 * desk). Each step is one interaction a reviewer makes; for each it records
 * - the Event Timing duration of the interaction (input delay + handlers + the next paint: what INP is made of;
 *   under 16 ms the browser reports nothing, shown as "< 16 ms"), and
 * - the time from the input to the first frame that shows the new rows (the server's answer included).
 * Writes bench/results/list-interactions.md. `npm run bench:list` runs it alone; the benchmark harness calls
 * `measureListInteractions()`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { signIn } from '../support/api-session';
import { chromiumArgs, findChromium } from '../support/chromium';
import { PATHS } from '../support/paths';
import { repoRoot, startServer } from '../support/server-process';
import { uiText } from '../support/texts';
import { buildWebIfStale, defaultWebDistDir } from '../../scripts/web-build';

const DEMO_ORGANIZER = { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' } as const;
export const LIST_APPLICATIONS = 100_000;
/** DESIGN §7's bound on an interaction with the list. */
const INP_GOAL_MS = 200;

export interface InteractionFigures {
  step: string;
  /** The longest Event Timing entry of the interaction, or null when every entry was under 16 ms. */
  eventMs: number | null;
  /** From the input to the first frame with the new rows and total. */
  rowsMs: number;
}

interface BenchWindow {
  __interactions: { inputAt: number; events: { interactionId: number; duration: number }[] };
}

/** Installed before the app: the time of the last input and every Event Timing entry of an interaction. */
function recordInteractions() {
  const state: BenchWindow['__interactions'] = { inputAt: 0, events: [] };
  (window as unknown as BenchWindow).__interactions = state;
  for (const type of ['pointerdown', 'keydown', 'input']) addEventListener(type, (event) => (state.inputAt = event.timeStamp), true);
  new PerformanceObserver((list) => {
    // `interactionId` (Event Timing level 2) is not in TypeScript's DOM types yet.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) if (entry.interactionId) state.events.push({ interactionId: entry.interactionId, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** The list's state as a reader sees it: the total and the first row. */
const listSignature = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('[data-testid="review-table"]');
    return `${document.querySelector('[data-testid="review-total"]')?.textContent ?? ''}|${table?.querySelector('tbody tr.ant-table-row')?.textContent ?? ''}`;
  });

/** Runs `act`, then waits for the first frame whose total or first row differs from before, with no spinner on the page. */
async function measure(page: Page, step: string, act: () => Promise<void>): Promise<InteractionFigures> {
  const before = await listSignature(page);
  await page.evaluate(() => {
    const state = (window as unknown as BenchWindow).__interactions;
    state.events = [];
    state.inputAt = 0;
  });
  await act();
  const rowsAt = await page.waitForFunction(
    (previous) => {
      const table = document.querySelector('[data-testid="review-table"]');
      const signature = `${document.querySelector('[data-testid="review-total"]')?.textContent ?? ''}|${table?.querySelector('tbody tr.ant-table-row')?.textContent ?? ''}`;
      return signature !== previous && !document.querySelector('.ant-spin-spinning') ? performance.now() : 0;
    },
    before,
    { polling: 'raf', timeout: 60_000 },
  );
  // Event Timing entries arrive after the frame they end with.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const { inputAt, events } = await page.evaluate(() => (window as unknown as BenchWindow).__interactions);
  const longest = events.reduce<number | null>((max, entry) => Math.max(max ?? 0, entry.duration), null);
  return { step, eventMs: longest, rowsMs: Math.round(Number(await rowsAt.jsonValue()) - inputAt) };
}

async function reviewSteps(page: Page): Promise<InteractionFigures[]> {
  const locale = 'en-US';
  // The table's pagination is beside it, not inside the test id's element; it is the page's only one.
  const pagination = page.locator('.ant-pagination');
  const next = pagination.locator('.ant-pagination-next');
  const steps: InteractionFigures[] = [];
  for (let page2 = 2; page2 <= 4; page2 += 1) steps.push(await measure(page, `next page (page ${page2})`, () => next.click()));
  steps.push(await measure(page, 'last page', () => pagination.locator('.ant-pagination-item').last().click()));
  steps.push(await measure(page, 'first page', () => pagination.locator('.ant-pagination-item').first().click()));
  const status = page.getByTestId('review-filter-status');
  await status.click();
  const waiting = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: uiText(locale, 'review:status.WAIT') });
  steps.push(await measure(page, 'status: pending review', () => waiting.click()));
  await page.keyboard.press('Escape');
  const keyword = page.getByRole('search').getByLabel(uiText(locale, 'review:filters.keyword'), { exact: true });
  await keyword.focus();
  steps.push(await measure(page, 'keyword 王 (typed; searched as typed)', () => page.keyboard.insertText('王')));
  steps.push(await measure(page, 'next page of pending 王', () => next.click()));
  steps.push(await measure(page, 'reset the filters', () => page.getByTestId('review-filter-reset').click()));
  return steps;
}

export interface ListInteractionOptions {
  /** Where the Markdown is written (default bench/results/list-interactions.md). */
  outFile?: string;
  /** The built web app to serve (default web/dist, built first when older than its sources). */
  webDistDir?: string;
}

/** Starts the server with the bulk applications, signs the organizer in and measures each step. */
export async function measureListInteractions(options: ListInteractionOptions = {}): Promise<InteractionFigures[]> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium (set CHROMIUM_PATH or install Debian’s chromium)');
  const webDistDir = options.webDistDir ?? defaultWebDistDir;
  buildWebIfStale(webDistDir);
  const logFile = join(tmpdir(), `portal-list-interactions-server-${process.pid}.log`);
  const server = await startServer({
    logFile,
    env: { WEB_DIST_DIR: webDistDir, LOG_LEVEL: 'warn', DEMO_BULK_AUDIENCES: String(LIST_APPLICATIONS) },
    startTimeoutMs: 900_000,
  });
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: chromiumArgs });
  try {
    const organizer = await signIn(server.baseUrl, DEMO_ORGANIZER);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    await context.addCookies(
      organizer
        .header()
        .split('; ')
        .map((pair) => {
          const [name = '', value = ''] = pair.split('=', 2);
          return { name, value, url: server.baseUrl };
        }),
    );
    await context.addCookies([{ name: '_lang_', value: 'en-US', url: server.baseUrl }]);
    await context.addInitScript(recordInteractions);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${PATHS.organizerAudienceList}`);
    await page.getByTestId('review-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 120_000 });
    const figures = await reviewSteps(page);
    const screenshot = process.env.LIST_SCREENSHOT;
    if (screenshot) {
      await page.screenshot({ path: screenshot, fullPage: true });
      // What a reviewer sees between a page click and its answer: the new page number, the old rows under the loading state.
      await page.locator('.ant-pagination .ant-pagination-next').click();
      await page.screenshot({ path: screenshot.replace(/\.png$/, '-loading.png'), fullPage: true });
    }
    const outFile = options.outFile ?? join(repoRoot, 'bench', 'results', 'list-interactions.md');
    mkdirSync(join(outFile, '..'), { recursive: true });
    writeFileSync(outFile, listInteractionsReport(figures));
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function listInteractionsReport(figures: InteractionFigures[]): string {
  const event = (ms: number | null) => (ms === null ? '< 16 ms' : `${Math.round(ms)} ms${ms > INP_GOAL_MS ? ' ✗' : ''}`);
  const inp = Math.max(0, ...figures.map((figure) => figure.eventMs ?? 0));
  return [
    `# The approval list at ${LIST_APPLICATIONS.toLocaleString('en-US')} applications in Chromium (PGlite, desktop, no throttling)`,
    '',
    `Goal (DESIGN §7): paging or filtering responds within ${INP_GOAL_MS} ms (INP). Measured ${new Date().toISOString()}, ` +
      `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores at the end of the run. ` +
      `INP of these ${figures.length} interactions (the longest): ${inp === 0 ? '< 16 ms' : `${Math.round(inp)} ms`}.`,
    '',
    '| step | interaction (Event Timing: input delay, handlers, next paint) | input → new rows painted |',
    '|---|---|---|',
    ...figures.map((figure) => `| ${figure.step} | ${event(figure.eventMs)} | ${figure.rowsMs} ms |`),
    '',
  ].join('\n');
}

if (process.argv[1] && process.argv[1] === import.meta.filename) {
  // E2E_WEB_DIST_DIR: a private build (as the journeys take it), so that two builds can be measured back to back.
  const webDistDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : undefined;
  console.log(listInteractionsReport(await measureListInteractions({ webDistDir, outFile: process.env.LIST_RESULTS_FILE })));
}
