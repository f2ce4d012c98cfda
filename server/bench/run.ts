// `npm run bench`: loads each scenario of bench/scenarios.ts with autocannon over loopback and writes
// bench/results/latest.json and latest.md at the repository root. Not a test: nothing here fails on
// a slow number, only on a wrong answer.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../e2e/support/server-process';
import { signIn, type CookieJar } from '../../e2e/support/api-session';
import { baselineName, scenarios, type Scenario, type ScenarioContext, type TargetName } from './scenarios';
import { startPortal, startScript, type Target } from './targets';
import { PHOTO_UPLOADS_SCENARIO, photoUploadsMarkdown, runPhotoUploads, type PhotoUploadResult } from './photo-uploads';
import { BADGE_ZIP_SCENARIO, badgeZipMarkdown, runBadgeZipExport, type BadgeZipResult } from './badge-zip-export';
import { CDK_IMPORT_SCENARIO, cdkImportMarkdown, runCdkImport, type CdkImportResult } from './activation-codes';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);

export interface ScenarioResult {
  name: string;
  description: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** requestsPerSecond divided by the raw node:http baseline's. */
  ratioToNodeHttp: number | null;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The scenario's own connections when not BENCH_CONNECTIONS. */
  connections?: number;
  /** What the scenario reported beside the figures (a size, what was recorded). */
  notes?: string[];
}

type LoadInit = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests' | 'connections'>;

async function load(url: string, init: LoadInit, seconds: number) {
  return autocannon({ url, connections, duration: seconds, pipelining: 1, timeout: 10, ...init });
}

async function startTarget(name: TargetName, logDir: string): Promise<Target> {
  switch (name) {
    case 'node-http':
      return startScript('node-http.ts');
    case 'fastify':
      return startScript('fastify-hello.ts');
    case 'portal':
      return startPortal(join(logDir, 'portal-server.log'));
  }
}

async function runScenario(scenario: Scenario, target: Target, context: ScenarioContext) {
  const request = scenario.request(context);
  const url = `${target.origin}${request.path}`;
  const { setupRequest } = request;
  const init: LoadInit = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    ...(scenario.connections ? { connections: scenario.connections } : {}),
    ...(setupRequest
      ? { requests: [{ setupRequest: (next: autocannon.Request, connection: object) => ({ ...next, ...setupRequest(connection as Record<string, unknown>) }) }] }
      : {}),
  };
  const probe = await fetch(url, { method: request.method, headers: request.headers, body: request.body });
  const probeBody = await probe.text();
  if (probe.status !== request.expectStatus || (request.check && !request.check(probeBody))) {
    throw new Error(`${scenario.name}: ${request.method} ${request.path} answered ${probe.status}: ${probeBody.slice(0, 300)}`);
  }
  if (warmupSeconds > 0) await load(url, init, warmupSeconds);
  const result = await load(url, init, durationSeconds);
  return { result, note: request.note?.(probeBody) };
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** 87 %, 4.2 %, 0.44 %: two significant digits below 10 %. */
function formatRatio(ratio: number | null): string {
  if (ratio === null) return '—';
  const percent = ratio * 100;
  return `${percent >= 10 ? percent.toFixed(0) : percent.toPrecision(2)} %`;
}

function markdown(report: { at: string; commit: string | null; machine: string; settings: string; results: ScenarioResult[] }): string {
  const rows = report.results.map(
    (row) =>
      `| ${row.name} | ${Math.round(row.requestsPerSecond).toLocaleString('en-US')} | ${row.latencyP50Ms} | ${row.latencyP99Ms} | ` +
      `${formatRatio(row.ratioToNodeHttp)} | ${row.non2xx + row.errors + row.timeouts} | ${row.description}` +
      `${row.connections ? ` (${row.connections} connections)` : ''}${row.notes ? `: ${row.notes.join('; ')}` : ''} |`,
  );
  return [
    '# Benchmark: latest run',
    '',
    `Run ${report.at} at commit ${report.commit ?? 'unknown'} on ${report.machine}.`,
    `${report.settings}`,
    '',
    '| scenario | requests/s | p50 ms | p99 ms | vs node:http | failed | what |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    'Load generator and target share the machine (loopback only). "failed" counts non-2xx answers,',
    'socket errors and time-outs; a scenario with failures measures the failure path, not the feature.',
    'Produced by `npm run bench` (server/bench/run.ts); scenarios live in server/bench/scenarios.ts.',
    '',
  ].join('\n');
}

async function main() {
  const selected = scenarios.filter((scenario) => !only || only.includes(scenario.name) || scenario.name === baselineName);
  // Other work on the machine skews every number; the load average before the run says how much.
  const loadBefore = loadavg()[0] ?? 0;
  const logDir = join(tmpdir(), `portal-bench-${process.pid}`);
  mkdirSync(logDir, { recursive: true });
  const targets = new Map<TargetName, Target>();
  const results: ScenarioResult[] = [];
  let organizer: CookieJar | undefined;
  console.log(`bench: ${selected.length} scenario(s), ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s each`);
  try {
    for (const scenario of selected) {
      let target = targets.get(scenario.target);
      if (!target) {
        console.log(`bench: starting target ${scenario.target} ...`);
        target = await startTarget(scenario.target, logDir);
        targets.set(scenario.target, target);
      }
      if (scenario.target === 'portal' && !organizer) {
        organizer = await signIn(target.origin, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' });
      }
      const context: ScenarioContext = {
        get organizer(): CookieJar {
          if (!organizer) throw new Error('no organizer session (the scenario does not target the portal)');
          return organizer;
        },
      };
      console.log(`bench: ${scenario.name} — ${scenario.description}`);
      await scenario.prepare?.({ ...context, origin: target.origin });
      const { result, note } = await runScenario(scenario, target, context);
      const afterLoad = await scenario.afterLoad?.({ ...context, origin: target.origin });
      const notes = [note, afterLoad].filter((line) => line !== undefined);
      const row: ScenarioResult = {
        name: scenario.name,
        description: scenario.description,
        requestsPerSecond: result.requests.average,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        ratioToNodeHttp: null,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        ...(scenario.connections ? { connections: scenario.connections } : {}),
        ...(notes.length > 0 ? { notes } : {}),
      };
      results.push(row);
      for (const line of notes) console.log(`        ${line}`);
      console.log(
        `        ${Math.round(row.requestsPerSecond)} req/s, p99 ${row.latencyP99Ms} ms` +
          (row.non2xx + row.errors + row.timeouts > 0 ? `, ${row.non2xx} non-2xx, ${row.errors} errors, ${row.timeouts} time-outs` : ''),
      );
      // A scenario's target stays up only while later scenarios still need it.
      if (!selected.slice(selected.indexOf(scenario) + 1).some((next) => next.target === scenario.target)) {
        await target.stop();
        targets.delete(scenario.target);
      }
    }
  } finally {
    await Promise.all([...targets.values()].map((target) => target.stop()));
  }

  let memory: PhotoUploadResult | undefined;
  if (!only || only.includes(PHOTO_UPLOADS_SCENARIO)) {
    console.log(`bench: ${PHOTO_UPLOADS_SCENARIO} — memory and viewer latency under eight 49 MP 16-bit PNG uploads`);
    memory = await runPhotoUploads(logDir);
    console.log(`        RSS +${memory.rssAddedMb} MB (peak ${memory.rssPeakMb} MB), viewer p99 ${memory.viewerP99Ms} ms, uploads: ${memory.uploadStatuses.join(', ')}`);
  }

  let zip: BadgeZipResult | undefined;
  if (!only || only.includes(BADGE_ZIP_SCENARIO)) {
    console.log(`bench: ${BADGE_ZIP_SCENARIO} — time and memory of the zip export of 2,000 badges with photos`);
    zip = await runBadgeZipExport(logDir);
    console.log(`        ${zip.entries} entries, ${zip.zipMb} MB in ${zip.tookMs} ms, RSS +${zip.rssAddedMb} MB (peak ${zip.rssPeakMb} MB)`);
  }

  let cdkImport: CdkImportResult | undefined;
  if (!only || only.includes(CDK_IMPORT_SCENARIO)) {
    console.log(`bench: ${CDK_IMPORT_SCENARIO} — time and memory of one 100,000-row xlsx import`);
    cdkImport = await runCdkImport(logDir);
    console.log(`        ${cdkImport.tookMs} ms, RSS +${cdkImport.rssAddedMb} MB (peak ${cdkImport.rssPeakMb} MB)`);
  }

  const baseline = results.find((row) => row.name === baselineName);
  for (const row of results) {
    row.ratioToNodeHttp = baseline && baseline.requestsPerSecond > 0 ? Number((row.requestsPerSecond / baseline.requestsPerSecond).toPrecision(3)) : null;
  }
  const cpu = cpus();
  const report = {
    at: new Date().toISOString(),
    commit: gitCommit(),
    machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${process.platform}, load average ${loadBefore.toFixed(2)} before the run`,
    settings: `autocannon: ${connections} connections, pipelining 1, ${warmupSeconds} s warm-up then ${durationSeconds} s per scenario; portal with ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, NODE_ENV=development, LOG_LEVEL=warn.`,
    results,
    ...(memory || zip ? { memory: [...(memory ? [memory] : []), ...(zip ? [zip] : [])] } : {}),
    ...(cdkImport ? { imports: [cdkImport] } : {}),
  };
  const outDir = join(repoRoot, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  // A BENCH_ONLY subset never replaces the committed full result.
  const stem = only ? 'subset' : 'latest';
  const suffix = only ? '.tmp' : '';
  writeFileSync(join(outDir, `${stem}.json${suffix}`), `${JSON.stringify(report, null, 2)}\n`);
  const text =
    markdown(report) + (memory ? `\n${photoUploadsMarkdown(memory)}` : '') + (zip ? `\n${badgeZipMarkdown(zip)}` : '') + (cdkImport ? `\n${cdkImportMarkdown(cdkImport)}` : '');
  writeFileSync(join(outDir, `${stem}.md${suffix}`), text);
  console.log(`\n${text}\nbench: wrote bench/results/${stem}.json${suffix} and ${stem}.md${suffix}`);
  const failed = results.filter((row) => row.non2xx + row.errors + row.timeouts > 0);
  if (failed.length > 0) {
    console.error(`bench: ${failed.map((row) => row.name).join(', ')} had failed requests; see the table`);
    process.exitCode = 1;
  }
}

await main();
