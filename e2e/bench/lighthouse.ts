/**
 * Lighthouse 12 on the public pages a visitor opens on a phone (DESIGN §7): the default mobile
 * configuration (simulated 4G, 4× CPU slowdown), the median of three runs per page, against the real server
 * (fresh PGlite data folder with the demo seed) serving the built web app. Writes bench/results/lighthouse.md.
 *
 * `npm run bench:lighthouse` runs it alone; `measurePublicPages()` is what the benchmark harness calls.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { signIn } from '../support/api-session';
import { applyAndApprove } from '../support/approved-visitor';
import { findChromium } from '../support/chromium';
import { repoRoot, startServer } from '../support/server-process';
import { buildWebIfStale, defaultWebDistDir } from '../../scripts/web-build';

/** The demo seed's accounts (README: "Quick start"); the visitor has no application yet. */
const DEMO_VISITOR = { identity: '13800000000', password: 'Visitor12345' };
const DEMO_ORGANIZER = { identity: 'admin@example.com', password: 'Admin12345' };

export const RUNS_PER_PAGE = 3;
const SERVER_START_LIMIT_MS = 15 * 60_000;

export interface PageFigures {
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of JavaScript transferred (compressed) while the page loaded. */
  scriptBytes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Lighthouse's own failure of a run (e.g. NO_NAVSTART: the trace missed the navigation on a busy machine). */
class LighthouseRunError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * LIGHTHOUSE_JSON_DIR=<folder> keeps each run's full report (`<page>-<n>.json`): its `long-tasks`, `bootup-time` and
 * `mainthread-work-breakdown` audits say what the main thread did (docs/performance.md, "Public pages on a phone").
 */
const reportCounts = new Map<string, number>();
function keepReport(url: string, report: string | string[]): void {
  const folder = process.env.LIGHTHOUSE_JSON_DIR;
  if (!folder) return;
  const { pathname, search } = new URL(url);
  const name = `${pathname}${search}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '');
  const count = (reportCounts.get(name) ?? 0) + 1;
  reportCounts.set(name, count);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${name}-${count}.json`), Array.isArray(report) ? (report[0] ?? '') : report);
}

/** Runs Lighthouse again when the trace missed the page load, which a loaded machine does now and then. */
const TRACE_RETRIES = 2;

async function runOnce(port: number, url: string, cookie: string | undefined): Promise<Omit<PageFigures, 'page'>> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`, lhr.runtimeError.code);
  keepReport(url, result.report);
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const summary = lhr.audits['resource-summary']?.details;
  const scripts = summary && 'items' in summary ? (summary.items as { resourceType?: string; transferSize?: number }[]).find((item) => item.resourceType === 'script') : undefined;
  return {
    score: lhr.categories.performance?.score ?? 0,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptBytes: scripts?.transferSize ?? Number.NaN,
  };
}

async function runWithRetries(port: number, url: string, cookie: string | undefined): Promise<Omit<PageFigures, 'page'>> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await runOnce(port, url, cookie);
    } catch (error) {
      if (!(error instanceof LighthouseRunError && error.code === 'NO_NAVSTART' && attempt < TRACE_RETRIES)) throw error;
      console.warn(`${error.message}: running it again`);
    }
  }
}

/** The median of each figure over `runs` Lighthouse runs of one page. */
async function measurePage(port: number, origin: string, page: string, cookie: string | undefined, runs: number): Promise<PageFigures> {
  const results: Omit<PageFigures, 'page'>[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await runWithRetries(port, `${origin}${page}`, cookie));
  const of = (key: keyof Omit<PageFigures, 'page'>) => median(results.map((result) => result[key]));
  return { page, score: of('score'), fcpMs: of('fcpMs'), lcpMs: of('lcpMs'), tbtMs: of('tbtMs'), cls: of('cls'), scriptBytes: of('scriptBytes') };
}

async function unusedActivationCode(origin: string): Promise<string> {
  const response = await fetch(`${origin}/apis/dev/activation-codes`);
  const code = (await response.text()).split('\n').find((line) => line.trim() !== '');
  if (!code) throw new Error('the development server listed no unused activation code');
  return code.trim();
}

async function firstShowDay(origin: string): Promise<string> {
  const response = await fetch(`${origin}/apis/core/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ project { showDays { day } } }' }),
  });
  const body = (await response.json()) as { data?: { project: { showDays: { day: string }[] } } };
  const day = body.data?.project.showDays[0]?.day;
  if (!day) throw new Error('the server has no show day');
  return day;
}

/** The demo visitor's session cookie (the application form and the ticket are measured signed in). */
export async function signInDemoVisitor(origin: string): Promise<string> {
  return (await signIn(origin, { ...DEMO_VISITOR, scope: 'audience' })).header();
}

/** The demo visitor applies and the demo organizer approves, through the API: the visitor then has a ticket. */
export async function approveDemoVisitor(origin: string): Promise<void> {
  const first17 = '11010119920814123';
  await applyAndApprove(origin, DEMO_VISITOR, DEMO_ORGANIZER, {
    name: '张伟',
    mobile: DEMO_VISITOR.identity,
    email: 'demo.visitor@example.com',
    idNumber: first17 + mainlandIdCheckCharacter(first17),
    visitDates: [await firstShowDay(origin)],
    activationCode: await unusedActivationCode(origin),
    samples: { entry: 4, id: 4 },
  });
}

export interface LighthouseOptions {
  runs?: number;
  /** Where the Markdown is written (default bench/results/lighthouse.md). */
  outFile?: string;
  /** Only the pages whose path contains one of these (all when absent): an A/B run of the pages a change is for. */
  only?: readonly string[];
}

/**
 * Starts the server, measures the signed-out pages, then the demo visitor's application form, then (once the
 * visitor is approved through the API) the VIP ticket; writes the table and returns the figures.
 */
export async function measurePublicPages(options: LighthouseOptions = {}): Promise<PageFigures[]> {
  const runs = options.runs ?? RUNS_PER_PAGE;
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium (set CHROMIUM_PATH or install Debian’s chromium)');
  // E2E_WEB_DIST_DIR: a private build (two builds measured back to back, or one beside someone else's web/dist).
  const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : defaultWebDistDir;
  buildWebIfStale(distDir);
  const logFile = join(tmpdir(), `portal-lighthouse-server-${process.pid}.log`);
  // Ready is when /apis/health answers (or the process has exited): on a loaded machine the fresh folder's migrations
  // and demo seed took more than startServer's default 120 s, which failed the full bench; the limit only ends a hang.
  const server = await startServer({ logFile, env: { WEB_DIST_DIR: distDir, LOG_LEVEL: 'warn' }, startTimeoutMs: SERVER_START_LIMIT_MS });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const origin = server.baseUrl;
    const figures: PageFigures[] = [];
    const measured = async (page: string, cookie?: string) => {
      if (!options.only || options.only.some((part) => page.includes(part))) figures.push(await measurePage(chrome.port, origin, page, cookie, runs));
    };
    for (const page of ['/login?scope=audience', '/login?scope=organizer', '/visitor/web/register']) await measured(page);
    const visitorCookie = await signInDemoVisitor(origin);
    await measured('/visitor/web/application', visitorCookie);
    await approveDemoVisitor(origin);
    await measured('/wa/visitor/ticket', visitorCookie);
    const outFile = options.outFile ?? join(repoRoot, 'bench', 'results', 'lighthouse.md');
    mkdirSync(join(outFile, '..'), { recursive: true });
    writeFileSync(outFile, lighthouseReport(figures, runs));
    return figures;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function lighthouseReport(figures: PageFigures[], runs: number): string {
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  return [
    `# Public pages on a phone (Lighthouse ${lighthouseVersion()}, mobile: simulated 4G, 4× CPU; median of ${runs})`,
    '',
    `Goals (DESIGN §7): performance ≥ 0.95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.05. Measured ${new Date().toISOString()}, ` +
      // Lighthouse's simulation multiplies the CPU time it observes: a busy machine inflates TBT and LCP.
      `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores at the end of the run.`,
    '',
    '| page | score | FCP | LCP | TBT | CLS | JS transferred |',
    '|---|---|---|---|---|---|---|',
    ...figures.map(
      (figure) =>
        `| ${figure.page} | ${figure.score.toFixed(2)}${mark(figure.score >= 0.95)} | ${seconds(figure.fcpMs)} | ${seconds(figure.lcpMs)}${mark(figure.lcpMs <= 2000)} | ` +
        `${Math.round(figure.tbtMs)} ms${mark(figure.tbtMs <= 150)} | ${figure.cls.toFixed(3)}${mark(figure.cls <= 0.05)} | ${(figure.scriptBytes / 1024).toFixed(1)} KB |`,
    ),
    '',
  ].join('\n');
}

function lighthouseVersion(): string {
  return (lighthouse as unknown as { version?: string }).version ?? '12';
}

if (process.argv[1] && process.argv[1] === import.meta.filename) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? RUNS_PER_PAGE);
  // LIGHTHOUSE_PAGES=register,application,ticket: those pages only; LIGHTHOUSE_OUT=<file>: the table elsewhere.
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const figures = await measurePublicPages({ runs, only, outFile: process.env.LIGHTHOUSE_OUT });
  console.log(lighthouseReport(figures, runs));
}
