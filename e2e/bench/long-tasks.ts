/**
 * Where the public pages' long tasks come from: loads each page once in Chromium on a phone's
 * screen with the CPU slowed 4× (Lighthouse's mobile factor), records a performance trace with V8's sampling
 * profiler, and lists every main-thread task over 50 ms with what it ran: the trace's top events (module evaluation,
 * a timer, a message, parsing, style and layout) and the script chunks and functions the profiler sampled in it.
 * Pages are measured as in `npm run bench:lighthouse` (the demo visitor's application form, then the ticket once the
 * visitor is approved). `npx tsx e2e/bench/long-tasks.ts [runs]`; E2E_WEB_DIST_DIR=<folder> serves a private build.
 * Real time under throttling, not Lighthouse's simulation: for attribution, not for the goal's figures. A build with
 * `--minify false` names React's functions; line numbers point into the chunk.
 */
import { resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, findChromium } from '../support/chromium';
import { startServer } from '../support/server-process';
import { buildWebIfStale, defaultWebDistDir } from '../../scripts/web-build';
import { approveDemoVisitor, signInDemoVisitor } from './lighthouse';

const LONG_TASK_MS = 50;
const CPU_SLOWDOWN = 4;
const TRACE_CATEGORIES = ['devtools.timeline', 'v8.execute', 'v8', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { cpuProfile?: CpuProfileChunk; timeDeltas?: number[] } };
}

interface CpuProfileChunk {
  nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
}

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  parent?: number;
}

/** The renderer's main thread: the CrRendererMain thread with the most task time (the page's, not an extension's). */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const names = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  let best = { pid: 0, tid: 0, busy: -1 };
  for (const thread of names) {
    const busy = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask').reduce((sum, event) => sum + (event.dur ?? 0), 0);
    if (busy > best.busy) best = { pid: thread.pid, tid: thread.tid, busy };
  }
  return best;
}

/** The sampled stacks of the page's main thread: each sample's time and leaf node, and the node table. */
function profileSamples(events: TraceEvent[], pid: number, tid: number) {
  const frames = new Map<number, Frame>();
  const samples: { ts: number; node: number }[] = [];
  const profileIds = new Set(events.filter((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid).map((event) => event.id));
  let time = events.find((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid)?.args?.data?.startTime as number | undefined;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid || !profileIds.has(event.id)) continue;
    const chunk = event.args?.data;
    for (const node of chunk?.cpuProfile?.nodes ?? []) frames.set(node.id, { functionName: node.callFrame.functionName, url: node.callFrame.url, lineNumber: node.callFrame.lineNumber, parent: node.parent });
    const deltas = chunk?.timeDeltas ?? [];
    (chunk?.cpuProfile?.samples ?? []).forEach((node, index) => {
      time = (time ?? 0) + (deltas[index] ?? 0);
      samples.push({ ts: time, node });
    });
  }
  return { frames, samples };
}

const chunkName = (url: string) => (url ? (url.split('/').pop() ?? url).replace(/-[A-Za-z0-9_-]{8}\.js$/, '') : '(native)');

/** Top `count` entries of a tally, as "name 12 ms". */
function top(tally: Map<string, number>, count: number, perSampleMs: number): string {
  return [...tally]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => `${name} ${Math.round(samples * perSampleMs)}`)
    .join(', ');
}

const ATTRIBUTED_EVENTS = new Set(['v8.evaluateModule', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'v8.compile', 'V8.GC_MC_BACKGROUND', 'MajorGC', 'MinorGC', 'ParseAuthorStyleSheet', 'HitTest', 'XHRReadyStateChange', 'v8.run']);

/** The long tasks of one trace, as text lines. */
export function describeLongTasks(events: TraceEvent[]): string[] {
  const { pid, tid } = mainThread(events);
  const thread = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X');
  const navigation = events.find((event) => event.name === 'navigationStart' && event.pid === pid)?.ts ?? thread[0]?.ts ?? 0;
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid)?.ts;
  const { frames, samples } = profileSamples(events, pid, tid);
  const sampleMs = samples.length > 1 ? ((samples.at(-1)?.ts ?? 0) - (samples[0]?.ts ?? 0)) / 1000 / (samples.length - 1) : 0;
  const lines = [`FCP at ${fcp ? Math.round((fcp - navigation) / 1000) : '?'} ms`];
  let blocking = 0;
  for (const task of thread.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > LONG_TASK_MS * 1000)) {
    const end = task.ts + (task.dur ?? 0);
    blocking += (task.dur ?? 0) / 1000 - LONG_TASK_MS;
    const inside = thread.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && ATTRIBUTED_EVENTS.has(event.name));
    const kinds = new Map<string, number>();
    for (const event of inside) {
      const label = event.name === 'v8.evaluateModule' || event.name === 'EvaluateScript' ? `${event.name}(${chunkName(String(event.args?.data?.url ?? ''))})` : event.name;
      kinds.set(label, (kinds.get(label) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const selfByFunction = new Map<string, number>();
    const byChunk = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const leaf = frames.get(sample.node);
      if (!leaf) continue;
      const leafName = `${leaf.functionName || '(anonymous)'}@${chunkName(leaf.url)}${leaf.url ? `:${leaf.lineNumber + 1}` : ''}`;
      selfByFunction.set(leafName, (selfByFunction.get(leafName) ?? 0) + 1);
      const seen = new Set<string>();
      for (let node: Frame | undefined = leaf; node; node = node.parent === undefined ? undefined : frames.get(node.parent)) {
        if (node.url) seen.add(chunkName(node.url));
        const name = `${node.functionName || '(anonymous)'}@${chunkName(node.url)}`;
        if (node.url) inclusive.set(name, (inclusive.get(name) ?? 0) + (seen.has(`fn:${name}`) ? 0 : 1));
        seen.add(`fn:${name}`);
      }
      for (const chunk of seen) if (!chunk.startsWith('fn:')) byChunk.set(chunk, (byChunk.get(chunk) ?? 0) + 1);
    }
    lines.push(
      `task at ${Math.round((task.ts - navigation) / 1000)} ms, ${Math.round((task.dur ?? 0) / 1000)} ms`,
      `  events: ${[...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ')}`,
      `  chunks (inclusive): ${top(byChunk, 6, sampleMs)}`,
      `  functions (inclusive): ${top(inclusive, 12, sampleMs)}`,
      `  functions (self): ${top(selfByFunction, 8, sampleMs)}`,
    );
  }
  lines.push(`blocking time over 50 ms (all tasks, real time under ${CPU_SLOWDOWN}× CPU): ${Math.round(blocking)} ms`);
  return lines;
}

async function traceOnce(browser: Browser, url: string, cookie: string | undefined): Promise<TraceEvent[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  if (cookie) {
    const { origin } = new URL(url);
    await context.addCookies(cookie.split('; ').map((pair) => ({ name: pair.split('=')[0] ?? '', value: pair.slice(pair.indexOf('=') + 1), url: origin })));
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'), undefined, { timeout: 60_000 });
  await page.waitForTimeout(3000);
  const buffer = await browser.stopTracing();
  await context.close();
  return (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
}

if (process.argv[1] && process.argv[1] === import.meta.filename) {
  const runs = Number(process.argv[2] ?? 1);
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium (set CHROMIUM_PATH or install Debian’s chromium)');
  const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : defaultWebDistDir;
  buildWebIfStale(distDir);
  const server = await startServer({ logFile: join(tmpdir(), `portal-long-tasks-${process.pid}.log`), env: { WEB_DIST_DIR: distDir, LOG_LEVEL: 'warn' } });
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  try {
    const origin = server.baseUrl;
    const trace = async (path: string, cookie?: string) => {
      for (let run = 1; run <= runs; run += 1) {
        console.log(`\n## ${path} (run ${run})`);
        for (const line of describeLongTasks(await traceOnce(browser, `${origin}${path}`, cookie))) console.log(line);
      }
    };
    await trace('/visitor/web/register');
    const cookie = await signInDemoVisitor(origin);
    await trace('/visitor/web/application', cookie);
    await approveDemoVisitor(origin);
    await trace('/wa/visitor/ticket', cookie);
  } finally {
    await browser.close();
    await server.stop();
  }
}
