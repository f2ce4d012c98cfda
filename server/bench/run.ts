// `npm run bench`: loads each scenario of bench/scenarios.ts with autocannon over loopback and writes
// bench/results/latest.json and latest.md at the repository root (output, not committed: docs/performance.md keeps
// the reference run). Not a test: nothing here fails on a slow number, only on a wrong answer.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../e2e/support/server-process';
import { signIn, type CookieJar } from '../../e2e/support/api-session';
import { baselineName, bulkDataOf, scenarios, type Scenario, type ScenarioContext, type TargetName } from './scenarios';
import { ENTRANCE_ROOM_SCENARIO, entranceRoomMarkdown, runEntranceRoomScenario, type EntranceRoomResult } from './entrance-room';
import { BENCH_DATABASES, cpuMsOf, DATABASE_LABELS, startPortal, startScanBaseline, startScript, type BenchDatabase, type Target } from './targets';
import { SCAN_BASELINES } from './device-api';
import { serverProcess } from './memory';
import { PHOTO_UPLOADS_SCENARIO, photoUploadsMarkdown, runPhotoUploads, type PhotoUploadResult } from './photo-uploads';
import { BADGE_PRINT_SCENARIO, badgePrintMarkdown, runBadgePrint, type BadgePrintResult } from './badge-print';
import { BADGE_ZIP_SCENARIO, badgeZipMarkdown, runBadgeZipExport, type BadgeZipResult } from './badge-zip-export';
import { CDK_IMPORT_SCENARIO, cdkImportMarkdown, runCdkImport, type CdkImportResult } from './activation-codes';
import { APPROVAL_EXPORT_SCENARIO, exportScenariosMarkdown, GATES_UNDER_LOAD_SCENARIO, runExportScenarios, type ApprovalExportResult, type GatesUnderLoadResult } from './export-under-load';
import { REGISTRATION_RUSH_SCENARIO, registrationRushMarkdown, runRegistrationRush, type RegistrationRushResult } from './registration-rush';
import { CLUSTER_SCENARIO, clusterMarkdown, runClusterScenario, type ClusterFigures } from './cluster';
import { lighthouseReport, measurePublicPages, RUNS_PER_PAGE, type PageFigures } from '../../e2e/bench/lighthouse';
import { listInteractionsReport, measureListInteractions, type InteractionFigures } from '../../e2e/bench/list-interactions';

/** The public pages on a phone (Lighthouse); also `npm run bench:lighthouse` alone. */
const LIGHTHOUSE_SCENARIO = 'public-pages-lighthouse';
/** The approval list's interactions in Chromium at 100,000 applications (INP); also `npm run bench:list` alone. */
const LIST_INTERACTIONS_SCENARIO = 'approval-list-interactions';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const databases = (process.env.BENCH_DATABASES?.split(',').filter(Boolean) ?? [...BENCH_DATABASES]).map((name) => {
  if (!(BENCH_DATABASES as readonly string[]).includes(name)) throw new Error(`BENCH_DATABASES: ${name} is not one of ${BENCH_DATABASES.join(', ')}`);
  return name as BenchDatabase;
});

export interface ScenarioResult {
  name: string;
  description: string;
  /** The portal's database; absent for the targets without one (node:http, Fastify). */
  database?: BenchDatabase;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** requestsPerSecond divided by the raw node:http baseline's. */
  ratioToNodeHttp: number | null;
  /** A scan scenario's requestsPerSecond divided by its scan baseline's on the same database in the same run. */
  ratioToScanBaseline?: number;
  /** A scan scenario's CPU a request divided by its scan baseline's. */
  cpuToScanBaseline?: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time the target's server process spent per request during the load (noise of other work on the machine does not inflate it). */
  cpuMicrosPerRequest: number | null;
  /** The scenario's own connections when not BENCH_CONNECTIONS. */
  connections?: number;
  /** What the scenario reported beside the figures (a size, what was recorded). */
  notes?: string[];
}

type LoadInit = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests' | 'connections'>;

async function load(url: string, init: LoadInit, seconds: number) {
  return autocannon({ url, connections, duration: seconds, pipelining: 1, timeout: 10, ...init });
}

/** A target and, for the portal, the database it runs on: each is started once per run. */
interface TargetRun {
  target: TargetName;
  database?: BenchDatabase;
}

function startTarget({ target, database }: TargetRun, selected: readonly Scenario[], logDir: string): Promise<Target> {
  switch (target) {
    case 'node-http':
      return startScript('node-http.ts');
    case 'fastify':
      return startScript('fastify-hello.ts');
    case 'node-http-post':
      return startScript('node-http-post.ts');
    case 'fastify-post':
      return startScript('fastify-post.ts');
    case 'scan-baseline':
      throw new Error('the scan baseline is started beside a portal target');
    case 'portal':
      if (!database) throw new Error('the portal target needs a database');
      // Only the bulk data of the selected scenarios is filled: the 100,000-row fills take minutes.
      return startPortal(database, bulkDataOf(selected), logDir);
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
  const server = target.pid === undefined ? undefined : serverProcess(target.pid);
  const cpuBefore = server === undefined ? 0 : cpuMsOf(server);
  const result = await load(url, init, durationSeconds);
  const cpuMs = server === undefined ? null : cpuMsOf(server) - cpuBefore;
  return { result, cpuMicrosPerRequest: cpuMs === null || result.requests.total === 0 ? null : Math.round((cpuMs * 1000) / result.requests.total), note: request.note?.(probeBody) };
}

/** Loads one scenario and turns autocannon's answer into a row of the report. */
async function measure(scenario: Scenario, database: BenchDatabase | undefined, target: Target, context: ScenarioContext): Promise<ScenarioResult> {
  await scenario.prepare?.({ ...context, origin: target.origin });
  const { result, cpuMicrosPerRequest, note } = await runScenario(scenario, target, context);
  const afterLoad = await scenario.afterLoad?.({ ...context, origin: target.origin });
  const notes = [note, afterLoad].filter((line) => line !== undefined);
  const row: ScenarioResult = {
    name: scenario.name,
    description: scenario.description,
    ...(database ? { database } : {}),
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    ratioToNodeHttp: null,
    cpuMicrosPerRequest,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(scenario.connections ? { connections: scenario.connections } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
  for (const line of notes) console.log(`        ${line}`);
  console.log(
    `        ${Math.round(row.requestsPerSecond)} req/s, p99 ${row.latencyP99Ms} ms, ${row.cpuMicrosPerRequest ?? '?'} µs CPU a request` +
      (row.non2xx + row.errors + row.timeouts > 0 ? `, ${row.non2xx} non-2xx, ${row.errors} errors, ${row.timeouts} time-outs` : ''),
  );
  return row;
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

const failures = (row: ScenarioResult) => row.non2xx + row.errors + row.timeouts;

/** requests/s, p50, p99, ratio and failures of one row, as table cells (dashes where the scenario did not run). */
function figureCells(row: ScenarioResult | undefined): string[] {
  if (!row) return ['—', '—', '—', '—', '—', '—'];
  return [
    Math.round(row.requestsPerSecond).toLocaleString('en-US'),
    String(row.latencyP50Ms),
    String(row.latencyP99Ms),
    formatRatio(row.ratioToNodeHttp),
    row.cpuMicrosPerRequest === null ? '—' : row.cpuMicrosPerRequest.toLocaleString('en-US'),
    String(failures(row)),
  ];
}

/** One line per scenario, each database's figures side by side. */
function markdown(report: { at: string; commit: string | null; machine: string; settings: string; results: ScenarioResult[]; totalSeconds: number }): string {
  const names = [...new Set(report.results.map((row) => row.name))];
  const header = ['scenario', ...databases.flatMap((database) => [`${DATABASE_LABELS[database]} req/s`, 'p50 ms', 'p99 ms', 'vs node:http', 'CPU µs/req', 'failed']), 'what'];
  const rows = names.map((name) => {
    const own = report.results.filter((row) => row.name === name);
    const first = own[0];
    // The baselines have no database: their figures fill the first database's columns.
    const cells = databases.flatMap((database, index) => figureCells(own.find((row) => row.database === database) ?? (index === 0 ? own.find((row) => !row.database) : undefined)));
    const notes = own.flatMap((row) => (row.notes ?? []).map((line) => (row.database ? `${DATABASE_LABELS[row.database]}: ${line}` : line)));
    const what = `${first?.description ?? ''}${first?.connections ? ` (${first.connections} connections)` : ''}${notes.length ? `: ${notes.join('; ')}` : ''}`;
    return `| ${[name, ...cells, what].join(' | ')} |`;
  });
  return [
    '# Benchmark: latest run',
    '',
    `Run ${report.at} at commit ${report.commit ?? 'unknown'} on ${report.machine}; the whole run took ${Math.round(report.totalSeconds / 60)} min.`,
    `${report.settings}`,
    '',
    `| ${header.join(' | ')} |`,
    `|---|${header.slice(1, -1).map(() => '---:').join('|')}|---|`,
    ...rows,
    '',
    'Load generator and target share the machine (loopback only). "failed" counts non-2xx answers,',
    'socket errors and time-outs; a scenario with failures measures the failure path, not the feature.',
    'The baselines (node:http, Fastify, and both answering the viewer request shape) have no database: their figures stand in the first columns.',
    '"CPU µs/req" is the CPU time (user + system) the server process spent per answered request during the',
    'load: other work on a shared machine lowers requests/s but hardly this figure, so compare runs by it.',
    'Produced by `npm run bench` (server/bench/run.ts); scenarios live in server/bench/scenarios.ts.',
    '',
  ].join('\n');
}

async function main() {
  const started = performance.now();
  // A scan scenario always runs with its baseline: the ratio is only meaningful within one run.
  const baselinesWanted = new Set(Object.entries(SCAN_BASELINES).flatMap(([scan, scanBaseline]) => (!only || only.includes(scan) ? [scanBaseline] : [])));
  const selected = scenarios.filter((scenario) => !only || only.includes(scenario.name) || scenario.name === baselineName || baselinesWanted.has(scenario.name));
  // Other work on the machine skews every number; the load average before the run says how much.
  const loadBefore = loadavg()[0] ?? 0;
  const logDir = join(tmpdir(), `portal-bench-${process.pid}`);
  mkdirSync(logDir, { recursive: true });
  const results: ScenarioResult[] = [];
  // The baselines first, then every portal scenario on each database in turn (one target at a time).
  const runs: TargetRun[] = [
    ...(['node-http', 'fastify', 'node-http-post', 'fastify-post'] as const).filter((target) => selected.some((scenario) => scenario.target === target)).map((target) => ({ target })),
    ...(selected.some((scenario) => scenario.target === 'portal') ? databases.map((database) => ({ target: 'portal' as const, database })) : []),
  ];
  console.log(`bench: ${selected.length} scenario(s) on ${databases.map((database) => DATABASE_LABELS[database]).join(' and ')}, ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s each`);
  for (const run of runs) {
    console.log(`bench: starting target ${run.target}${run.database ? ` on ${DATABASE_LABELS[run.database]}` : ''} ...`);
    const target = await startTarget(run, selected, logDir);
    // The gate's baseline runs beside the portal on the same database, started when its first scenario comes.
    let scanBaseline: Target | undefined;
    try {
      const organizer = run.target === 'portal' ? await signIn(target.origin, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' }) : undefined;
      const context: ScenarioContext = {
        get organizer(): CookieJar {
          if (!organizer) throw new Error('no organizer session (the scenario does not target the portal)');
          return organizer;
        },
      };
      const ownScenario = (candidate: Scenario) => candidate.target === run.target || (run.target === 'portal' && candidate.target === 'scan-baseline');
      for (const scenario of selected.filter(ownScenario)) {
        console.log(`bench: ${scenario.name}${run.database ? ` (${DATABASE_LABELS[run.database]})` : ''} — ${scenario.description}`);
        if (scenario.target === 'scan-baseline' && run.database) {
          scanBaseline ??= await startScanBaseline(run.database, target);
          results.push(await measure(scenario, run.database, scanBaseline, context));
        } else {
          results.push(await measure(scenario, run.database, target, context));
        }
      }
    } finally {
      await scanBaseline?.stop();
      await target.stop();
    }
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

  let badgePrints: BadgePrintResult[] | undefined;
  if (!only || only.includes(BADGE_PRINT_SCENARIO)) {
    badgePrints = [];
    for (const database of databases) {
      console.log(`bench: ${BADGE_PRINT_SCENARIO} (${DATABASE_LABELS[database]}) — time and memory of 2,000 badges with photos printed as one PDF`);
      const printed = await runBadgePrint(logDir, database);
      badgePrints.push(printed);
      console.log(`        ${printed.badges} badges, ${printed.pages} pages, ${printed.pdfMb} MB in ${printed.tookMs} ms, RSS +${printed.rssAddedMb} MB (peak ${printed.rssPeakMb} MB)`);
    }
  }

  let cdkImports: CdkImportResult[] | undefined;
  if (!only || only.includes(CDK_IMPORT_SCENARIO)) {
    cdkImports = [];
    for (const database of databases) {
      console.log(`bench: ${CDK_IMPORT_SCENARIO} (${DATABASE_LABELS[database]}) — time and memory of one 100,000-row xlsx import`);
      const cdkImport = await runCdkImport(logDir, database);
      cdkImports.push(cdkImport);
      console.log(`        ${cdkImport.tookMs} ms, RSS +${cdkImport.rssAddedMb} MB (peak ${cdkImport.rssPeakMb} MB)`);
    }
  }

  let exportsBesideGates: Array<ApprovalExportResult | GatesUnderLoadResult> | undefined;
  const exportScenarios = { approval: !only || only.includes(APPROVAL_EXPORT_SCENARIO), gates: !only || only.includes(GATES_UNDER_LOAD_SCENARIO) };
  if (exportScenarios.approval || exportScenarios.gates) {
    exportsBesideGates = [];
    for (const database of databases) {
      console.log(`bench: ${[exportScenarios.approval && APPROVAL_EXPORT_SCENARIO, exportScenarios.gates && GATES_UNDER_LOAD_SCENARIO].filter(Boolean).join(', ')} (${DATABASE_LABELS[database]}) — exports and imports beside 4 gates`);
      exportsBesideGates.push(...(await runExportScenarios(logDir, database, exportScenarios)));
    }
  }

  let entranceRoom: EntranceRoomResult[] | undefined;
  if (!only || only.includes(ENTRANCE_ROOM_SCENARIO)) {
    entranceRoom = [];
    for (const database of databases) {
      console.log(`bench: ${ENTRANCE_ROOM_SCENARIO} (${DATABASE_LABELS[database]}) — 4 gates scan while 0, 1 and 50 organizers watch the entrance room`);
      entranceRoom.push(await runEntranceRoomScenario(logDir, database));
    }
  }

  let registrationRush: RegistrationRushResult[] | undefined;
  if (!only || only.includes(REGISTRATION_RUSH_SCENARIO)) {
    registrationRush = [];
    for (const database of databases) {
      console.log(`bench: ${REGISTRATION_RUSH_SCENARIO} (${DATABASE_LABELS[database]}) — visitors upload two face photos each and submit, beside the organizer's viewer`);
      registrationRush.push(await runRegistrationRush(logDir, database));
    }
  }

  let cluster: ClusterFigures[] | undefined;
  if (!only || only.includes(CLUSTER_SCENARIO)) {
    console.log(`bench: ${CLUSTER_SCENARIO} — the viewer and the approval list through nginx, 1 then 3 instances`);
    cluster = await runClusterScenario({ seconds: durationSeconds });
  }

  let pages: PageFigures[] | undefined;
  if (!only || only.includes(LIGHTHOUSE_SCENARIO)) {
    console.log(`bench: ${LIGHTHOUSE_SCENARIO} — Lighthouse mobile on the public pages (also in bench/results/lighthouse.md)`);
    pages = await measurePublicPages();
  }

  let interactions: InteractionFigures[] | undefined;
  if (!only || only.includes(LIST_INTERACTIONS_SCENARIO)) {
    console.log(`bench: ${LIST_INTERACTIONS_SCENARIO} — the approval list in Chromium at 100,000 applications (also in bench/results/list-interactions.md)`);
    interactions = await measureListInteractions();
  }

  const baseline = results.find((row) => row.name === baselineName);
  for (const row of results) {
    row.ratioToNodeHttp = baseline && baseline.requestsPerSecond > 0 ? Number((row.requestsPerSecond / baseline.requestsPerSecond).toPrecision(3)) : null;
  }
  for (const [scan, scanBaselineName] of Object.entries(SCAN_BASELINES)) {
    for (const row of results.filter((candidate) => candidate.name === scan)) {
      const base = results.find((candidate) => candidate.name === scanBaselineName && candidate.database === row.database);
      if (!base || base.requestsPerSecond === 0) continue;
      row.ratioToScanBaseline = Number((row.requestsPerSecond / base.requestsPerSecond).toPrecision(3));
      const cpuRatio = row.cpuMicrosPerRequest !== null && base.cpuMicrosPerRequest ? row.cpuMicrosPerRequest / base.cpuMicrosPerRequest : null;
      if (cpuRatio !== null) row.cpuToScanBaseline = Number(cpuRatio.toPrecision(3));
      row.notes = [
        ...(row.notes ?? []),
        `${formatRatio(row.ratioToScanBaseline)} of ${scanBaselineName}'s scans/s${cpuRatio === null ? '' : `, ${cpuRatio.toFixed(1)}× its CPU a scan`}`,
      ];
    }
  }
  const cpu = cpus();
  const report = {
    at: new Date().toISOString(),
    commit: gitCommit(),
    machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${process.platform}, load average ${loadBefore.toFixed(2)} before the run`,
    settings:
      `autocannon: ${connections} connections unless a scenario says otherwise, pipelining 1, ${warmupSeconds} s warm-up then ${durationSeconds} s per scenario; ` +
      `portal as production runs it (NODE_ENV=production, tsx, LOG_LEVEL=info with its access log) on ${databases.map((database) => DATABASE_LABELS[database]).join(' and ')} (a throw-away database each)` +
      `${only ? `; only ${only.join(', ')} (BENCH_ONLY)` : ''}.`,
    results,
    totalSeconds: Math.round((performance.now() - started) / 1000),
    ...(memory || zip ? { memory: [...(memory ? [memory] : []), ...(zip ? [zip] : [])] } : {}),
    ...(badgePrints ? { badgePrints } : {}),
    ...(cdkImports ? { imports: cdkImports } : {}),
    ...(exportsBesideGates ? { exportsBesideGates } : {}),
    ...(registrationRush ? { registrationRush } : {}),
    ...(entranceRoom ? { entranceRoom } : {}),
    ...(cluster ? { cluster } : {}),
    ...(pages ? { publicPages: pages } : {}),
    ...(interactions ? { listInteractions: interactions } : {}),
  };
  const outDir = join(repoRoot, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const text =
    markdown(report) + (memory ? `\n${photoUploadsMarkdown(memory)}` : '') + (zip ? `\n${badgeZipMarkdown(zip)}` : '') + (badgePrints ? `\n${badgePrintMarkdown(badgePrints)}` : '') + (cdkImports ? `\n${cdkImportMarkdown(cdkImports)}` : '') +
    (exportsBesideGates ? `\n${exportScenariosMarkdown(exportsBesideGates)}` : '') +
    (registrationRush ? `\n${registrationRushMarkdown(registrationRush)}` : '') +
    (entranceRoom ? `\n${entranceRoomMarkdown(entranceRoom)}` : '') +
    (cluster ? `\n## Cluster: 1 and 3 instances behind nginx\n\n${clusterMarkdown(cluster)}\n` : '') +
    (pages ? `\n${lighthouseReport(pages, RUNS_PER_PAGE)}` : '') +
    (interactions ? `\n${listInteractionsReport(interactions)}` : '');
  writeFileSync(join(outDir, 'latest.md'), text);
  console.log(`\n${text}\nbench: wrote bench/results/latest.json and latest.md`);
  const failed = results.filter((row) => failures(row) > 0);
  if (failed.length > 0) {
    console.error(`bench: ${failed.map((row) => row.name).join(', ')} had failed requests; see the table`);
    process.exitCode = 1;
  }
}

await main();
