// Exports beside the gates (the same process answers both):
// - `approval-export`: the approval list's xlsx export of 100,000 applications, beside PostgreSQL's own
//   `COPY (SELECT the same columns …) TO STDOUT (FORMAT csv)` of the same rows in the same run: time to the
//   first byte and to the last, bytes, the server's RSS growth (bench/memory.ts), and the scan p99 of 4
//   gates measured idle and while the export runs. Goal: ≤ 3× COPY, ≤ 150 MB, the scan p99 unaffected.
// - `gates-under-load`: the same 4 gates while one organizer imports a 100,000-row ticket xlsx and another
//   downloads the zip of 2,000 badges with photos. Goal: the scan p99 during ≤ 2× idle; RSS growth reported.
// Each runs on every database of the run (BENCH_DATABASES) on one portal seeded with what the selected ones need.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { signIn, type CookieJar } from '../../e2e/support/api-session';
import { downloadBadgeZip, ZIP_PHOTOS } from './badge-zip-export';
import { BULK_TICKETS, registerDevices, scanRequest } from './device-api';
import { serverProcess, watchServerMemory, type MemoryFigures } from './memory';
import { DATABASE_LABELS, startPortal, type BenchDatabase } from './targets';

export const APPROVAL_EXPORT_SCENARIO = 'approval-export';
export const GATES_UNDER_LOAD_SCENARIO = 'gates-under-load';
const APPLICATIONS = 100_000;
const IMPORT_ROWS = 100_000;
const GATES = 4;
const IDLE_SECONDS = Number(process.env.BENCH_DURATION ?? 5);

/** The scans of the gates over one stretch of time. */
export interface GateFigures {
  scans: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

export interface ApprovalExportResult extends MemoryFigures {
  name: typeof APPROVAL_EXPORT_SCENARIO;
  database: BenchDatabase;
  rows: number;
  xlsxBytes: number;
  firstByteMs: number;
  tookMs: number;
  /** PostgreSQL's COPY … TO STDOUT (FORMAT csv) of the same rows and columns; null where the bench cannot reach the database (PGlite lives inside the server). */
  copy: { rows: number; bytes: number; tookMs: number } | null;
  gatesIdle: GateFigures;
  gatesDuring: GateFigures;
}

export interface GatesUnderLoadResult extends MemoryFigures {
  name: typeof GATES_UNDER_LOAD_SCENARIO;
  database: BenchDatabase;
  imported: number;
  importMs: number;
  zipEntries: number;
  zipMb: number;
  zipMs: number;
  gatesIdle: GateFigures;
  gatesDuring: GateFigures;
}

/**
 * Scans from the 4 gates (one autocannon connection each, every scan a first entry of another bulk ticket)
 * for `seconds`, or until `until` settles.
 */
export function gateScans(origin: string, load: { seconds: number } | { until: Promise<unknown> }): Promise<GateFigures> {
  const request = scanRequest();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}${request.path}`,
        method: request.method,
        headers: request.headers,
        body: request.body,
        connections: GATES,
        pipelining: 1,
        timeout: 10,
        duration: 'seconds' in load ? load.seconds : 3_600,
        requests: [{ setupRequest: (next: autocannon.Request, connection: object) => ({ ...next, ...request.setupRequest?.(connection as Record<string, unknown>) }) }],
      },
      (error, result) => {
        if (error) reject(error);
        else resolve({ scans: result.requests.total, p50Ms: result.latency.p50, p99Ms: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts });
      },
    );
    if ('until' in load) void load.until.finally(() => instance.stop());
  });
}

/** Reads a download to its end: its size, and when its first and last bytes came. */
async function timedDownload(url: string, organizer: CookieJar) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie: organizer.header() } });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  let bytes = 0;
  let firstByteMs = 0;
  for await (const chunk of response.body) {
    if (bytes === 0) firstByteMs = Math.round(performance.now() - started);
    bytes += chunk.length;
  }
  return { bytes, firstByteMs, tookMs: Math.round(performance.now() - started) };
}

/** The export's columns as PostgreSQL would give them itself (the ID number as stored: sealed, the server's key opens it). */
const COPY_SQL = `copy (
  select a.submitted_at, a.approve_status, a.name, a.mobile, a.email, a.id_type, a.id_number_encrypted,
    (select string_agg(d.day::text, ', ' order by d.day) from audience_visit_dates d where d.audience_id = a.id),
    c.name_zh, a.refuse_reason
  from audiences a left join channels c on c.id = a.channel_id
  where a.approve_status <> 'CREATED'
  order by a.submitted_at desc nulls last, a.id desc
) to stdout (format csv)`;

/** psql running the COPY, its output counted and thrown away: bytes, lines and time. */
function copyOnPostgres(databaseUrl: string): Promise<{ rows: number; bytes: number; tookMs: number }> {
  const started = performance.now();
  const psql = spawn('psql', [databaseUrl, '--no-psqlrc', '--quiet', '-c', COPY_SQL.replace(/\s+/g, ' ')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let bytes = 0;
  let rows = 0;
  let errors = '';
  psql.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) rows += 1;
  });
  psql.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) =>
    psql.once('exit', (code) => (code === 0 ? resolve({ rows, bytes, tookMs: Math.round(performance.now() - started) }) : reject(new Error(`psql COPY failed (${code}): ${errors}`)))),
  );
}

async function graphql<T>(origin: string, organizer: CookieJar, query: string): Promise<T> {
  const response = await fetch(`${origin}/apis/core/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-portal-client': 'web', cookie: organizer.header() },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`bench GraphQL failed: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return body.data;
}

/** A 100,000-row ticket import (holder, organization, external code; every show day), with its header row. */
async function writeTicketWorkbook(path: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const sheet = workbook.addWorksheet('tickets');
  sheet.addRow(['Holder', 'Organization', 'External code', 'Days', 'Batch']).commit();
  for (let index = 0; index < IMPORT_ROWS; index++) sheet.addRow([`Import Holder ${index}`, `Import Company ${index % 500}`, `IMPORT-${String(index).padStart(6, '0')}`, '', '']).commit();
  sheet.commit();
  await workbook.commit();
}

/** Streams the workbook to the ticket import and reads its NDJSON answer to the report. */
async function importTickets(origin: string, organizer: CookieJar, file: string): Promise<number> {
  const response = await fetch(`${origin}/apis/files/imports/tickets?batch=bench-import&mode=ALL_OR_NOTHING`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'x-portal-client': 'web', cookie: organizer.header() },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const lines = (await response.text()).trim().split('\n');
  const last = JSON.parse(lines[lines.length - 1] ?? '{}') as { type?: string; report?: { imported: number } };
  if (last.type !== 'result' || last.report?.imported !== IMPORT_ROWS) throw new Error(`the ticket import did not take every row: ${lines.slice(-1)[0]?.slice(0, 300)}`);
  return last.report.imported;
}

/** Runs the selected export scenarios on one database: one portal seeded with the bulk data they need. */
export async function runExportScenarios(logDir: string, database: BenchDatabase, selected: { approval: boolean; gates: boolean }) {
  const bulk = {
    DEMO_BULK_AUDIENCES: selected.approval ? String(APPLICATIONS) : '0',
    DEMO_BULK_ADMISSIONS: '0',
    DEMO_BULK_TICKETS: String(BULK_TICKETS),
    DEMO_GATE_DAY_TODAY: 'true',
    DEMO_BULK_BADGES: selected.gates ? String(ZIP_PHOTOS * 2) : '0',
    DEMO_BULK_BADGE_PHOTOS: selected.gates ? String(ZIP_PHOTOS) : '0',
  };
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-exports-'));
  const ticketFile = join(dir, 'tickets.xlsx');
  if (selected.gates) await writeTicketWorkbook(ticketFile);
  const target = await startPortal(database, bulk, logDir);
  const results: Array<ApprovalExportResult | GatesUnderLoadResult> = [];
  try {
    const pid = serverProcess(target.pid);
    const organizer = await signIn(target.origin, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' });
    // A second organizer session: the import and the zip are two people's work.
    const colleague = await signIn(target.origin, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' });
    await registerDevices(target.origin, organizer);
    // Warm-up: the scan path, then the export path on a small filter.
    await gateScans(target.origin, { seconds: 1 });
    const exportUrl = `${target.origin}/apis/files/exports/audiences.xlsx`;
    await timedDownload(`${exportUrl}?statuses=REFUSE&keyword=nobody`, organizer);
    const gatesIdle = await gateScans(target.origin, { seconds: IDLE_SECONDS });
    console.log(`        gates idle: ${gatesIdle.scans} scans, p50 ${gatesIdle.p50Ms} ms, p99 ${gatesIdle.p99Ms} ms`);

    if (selected.approval) {
      const { audiences } = await graphql<{ audiences: { total: number } }>(target.origin, organizer, 'query { audiences(pageSize: 1) { total } }');
      const exporting = watchServerMemory(pid, () => timedDownload(exportUrl, organizer));
      const [{ result: download, memory }, gatesDuring] = await Promise.all([exporting, gateScans(target.origin, { until: exporting })]);
      const copy = target.databaseEnv?.DATABASE_URL ? await copyOnPostgres(target.databaseEnv.DATABASE_URL) : null;
      const result: ApprovalExportResult = {
        name: APPROVAL_EXPORT_SCENARIO,
        database,
        rows: audiences.total,
        xlsxBytes: download.bytes,
        firstByteMs: download.firstByteMs,
        tookMs: download.tookMs,
        copy,
        gatesIdle,
        gatesDuring,
        ...memory,
      };
      console.log(
        `        ${result.rows} rows, ${Math.round(result.xlsxBytes / 1024)} KB, first byte ${result.firstByteMs} ms, ${result.tookMs} ms` +
          `${copy ? ` (COPY ${copy.rows} rows, ${Math.round(copy.bytes / 1024)} KB, ${copy.tookMs} ms)` : ''}, RSS +${memory.rssAddedMb} MB, gates p99 ${gatesDuring.p99Ms} ms during`,
      );
      results.push(result);
    }

    if (selected.gates) {
      const importing = (async () => {
        const started = performance.now();
        const imported = await importTickets(target.origin, organizer, ticketFile);
        return { imported, importMs: Math.round(performance.now() - started) };
      })();
      const zipping = (async () => {
        const started = performance.now();
        const zip = await downloadBadgeZip(target.origin, colleague);
        return { ...zip, zipMs: Math.round(performance.now() - started) };
      })();
      const both = watchServerMemory(pid, () => Promise.all([importing, zipping]));
      const [{ result, memory }, gatesDuring] = await Promise.all([both, gateScans(target.origin, { until: both })]);
      const [imported, zip] = result;
      const figures: GatesUnderLoadResult = {
        name: GATES_UNDER_LOAD_SCENARIO,
        database,
        imported: imported.imported,
        importMs: imported.importMs,
        zipEntries: zip.entries,
        zipMb: Math.round((zip.bytes / 1024 / 1024) * 10) / 10,
        zipMs: zip.zipMs,
        gatesIdle,
        gatesDuring,
        ...memory,
      };
      console.log(
        `        import ${figures.imported} rows in ${figures.importMs} ms, zip ${figures.zipEntries} entries ${figures.zipMb} MB in ${figures.zipMs} ms, RSS +${memory.rssAddedMb} MB, gates p99 ${gatesDuring.p99Ms} ms during`,
      );
      results.push(figures);
    }
  } finally {
    await target.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

const gateCells = (figures: GateFigures) => [figures.scans, figures.p50Ms, figures.p99Ms, figures.failed];

export function exportScenariosMarkdown(results: ReadonlyArray<ApprovalExportResult | GatesUnderLoadResult>): string {
  const approval = results.filter((result): result is ApprovalExportResult => result.name === APPROVAL_EXPORT_SCENARIO);
  const gates = results.filter((result): result is GatesUnderLoadResult => result.name === GATES_UNDER_LOAD_SCENARIO);
  const row = (cells: ReadonlyArray<string | number>) => `| ${cells.join(' | ')} |`;
  return [
    ...(approval.length
      ? [
          '## Approval list export beside the gates',
          '',
          `GET /apis/files/exports/audiences.xlsx of every application, while ${GATES} gates scan; COPY is PostgreSQL's own csv of the same rows and columns.`,
          '',
          '| database | rows | xlsx KB | first byte ms | took ms | COPY ms | COPY KB | ×COPY (goal ≤ 3) | RSS added MB (goal ≤ 150) | idle scans | idle p50 | idle p99 | failed | scans during | p50 | p99 | failed |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
          ...approval.map((result) =>
            row([
              DATABASE_LABELS[result.database],
              result.rows,
              Math.round(result.xlsxBytes / 1024),
              result.firstByteMs,
              result.tookMs,
              result.copy?.tookMs ?? '—',
              result.copy ? Math.round(result.copy.bytes / 1024) : '—',
              result.copy ? (result.tookMs / result.copy.tookMs).toFixed(1) : '—',
              result.rssAddedMb,
              ...gateCells(result.gatesIdle),
              ...gateCells(result.gatesDuring),
            ]),
          ),
          '',
        ]
      : []),
    ...(gates.length
      ? [
          '## Gates under an import and a zip export',
          '',
          `${GATES} gates scan while one organizer imports a ${IMPORT_ROWS.toLocaleString('en-US')}-row ticket xlsx and another downloads the zip of ${ZIP_PHOTOS.toLocaleString('en-US')} badges with photos.`,
          '',
          '| database | imported | import ms | zip entries | zip MB | zip ms | RSS added MB | idle scans | idle p50 | idle p99 | failed | scans during | p50 | p99 (goal ≤ 2× idle) | failed |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
          ...gates.map((result) =>
            row([
              DATABASE_LABELS[result.database],
              result.imported,
              result.importMs,
              result.zipEntries,
              result.zipMb,
              result.zipMs,
              result.rssAddedMb,
              ...gateCells(result.gatesIdle),
              ...gateCells(result.gatesDuring),
            ]),
          ),
          '',
        ]
      : []),
  ].join('\n');
}
