// The project section's activation codes at 100,000 codes:
// - scenarios `portal-cdk-first-page` and `portal-cdk-filtered`: the list query the /wo/project/cdk page
//   sends, after `prepare` generated a batch of 100,000 codes through the real mutation;
// - `portal-cdk-import` (run apart, like the photo uploads): one import of a 100,000-row xlsx streamed to
//   POST /apis/files/imports/activation-codes; the time and how much the server's resident memory grows
//   (the server process: bench/memory.ts), on each database of the run (BENCH_DATABASES). Target: ≤ 150 MB added.
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { startServer } from '../../e2e/support/server-process';
import { signIn, type CookieJar } from '../../e2e/support/api-session';
import { serverProcess, watchServerMemory, type MemoryFigures } from './memory';
import type { Scenario, ScenarioRequest } from './scenarios';
import { DATABASE_LABELS, freshDatabase, type BenchDatabase } from './targets';

export const BULK_CODES = 100_000;
export const CDK_IMPORT_SCENARIO = 'portal-cdk-import';
const BENCH_BATCH = 'bench-100k';

/** The list page's own query (web/src/features/project/api/activation-codes.graphql). */
const LIST_QUERY = `query ActivationCodes($filter: ActivationCodeFilter, $page: Int, $pageSize: Int) {
  activationCodes(filter: $filter, page: $page, pageSize: $pageSize) { total page pageSize nodes { id code status batch boundTo boundAt createdAt } }
}`;

function graphqlHeaders(organizer: CookieJar) {
  return { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', 'x-portal-client': 'web', cookie: organizer.header() };
}

function listRequest(organizer: CookieJar, variables: Record<string, unknown>, minimumTotal: number): ScenarioRequest {
  return {
    method: 'POST',
    path: '/apis/core/graphql',
    headers: graphqlHeaders(organizer),
    body: JSON.stringify({ query: LIST_QUERY, variables }),
    expectStatus: 200,
    check: (body) => !body.includes('"errors"') && Number(/"total":(\d+)/.exec(body)?.[1] ?? -1) >= minimumTotal && body.includes('"nodes":[{'),
  };
}

/** Generates the 100,000 codes once per target, through the organizers' own mutation. */
async function generateBulkCodes(origin: string, organizer: CookieJar) {
  const existing = await fetch(`${origin}/apis/core/graphql`, { method: 'POST', headers: graphqlHeaders(organizer), body: JSON.stringify({ query: LIST_QUERY, variables: { filter: { batch: BENCH_BATCH }, pageSize: 1 } }) });
  if (Number(/"total":(\d+)/.exec(await existing.text())?.[1] ?? 0) >= BULK_CODES) return;
  const response = await fetch(`${origin}/apis/core/graphql`, {
    method: 'POST',
    headers: graphqlHeaders(organizer),
    body: JSON.stringify({ query: 'mutation ($batch: String!, $count: Int!) { generateActivationCodes(batch: $batch, count: $count) { count } }', variables: { batch: BENCH_BATCH, count: BULK_CODES } }),
  });
  const text = await response.text();
  if (!text.includes(`"count":${BULK_CODES}`)) throw new Error(`generating the bench codes failed: ${text.slice(0, 300)}`);
}

export const activationCodeScenarios: Scenario[] = [
  {
    name: 'portal-cdk-first-page',
    description: `real server: GraphQL \`activationCodes\` first page (20 rows, newest first, with total) at ${BULK_CODES.toLocaleString('en-US')} codes, as the organizer`,
    target: 'portal',
    prepare: ({ origin, organizer }) => generateBulkCodes(origin, organizer),
    request: ({ organizer }) => listRequest(organizer, { page: 1, pageSize: 20 }, BULK_CODES),
  },
  {
    name: 'portal-cdk-filtered',
    description: 'the same list filtered: status UNUSED, the 100,000-code batch and a code prefix, page 2',
    target: 'portal',
    request: ({ organizer }) => listRequest(organizer, { filter: { status: 'UNUSED', batch: BENCH_BATCH, keyword: 'A' }, page: 2, pageSize: 20 }, 21),
  },
];

export interface CdkImportResult extends MemoryFigures {
  name: string;
  database: BenchDatabase;
  description: string;
  rows: number;
  imported: number;
  xlsxBytes: number;
  tookMs: number;
}

/** A 100,000-row workbook of unique codes, written by exceljs's streaming writer. */
async function writeWorkbook(path: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = workbook.addWorksheet('codes');
  sheet.addRow(['Activation code']).commit();
  for (let index = 0; index < BULK_CODES; index++) sheet.addRow([`BENCH-${index.toString(36).toUpperCase().padStart(6, '0')}`]).commit();
  sheet.commit();
  await workbook.commit();
}

export async function runCdkImport(logDir: string, database: BenchDatabase): Promise<CdkImportResult> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-cdk-'));
  const file = join(dir, 'codes.xlsx');
  await writeWorkbook(file);
  const storage = await freshDatabase(database);
  const server = await startServer({ logFile: join(logDir, `cdk-import-server-${database}.log`), env: { LOG_LEVEL: 'warn', SEED_DEMO: 'true', DEMO_BULK_AUDIENCES: '0', DEMO_BULK_ADMISSIONS: '0', ...storage.env } }).catch(async (error: unknown) => {
    await storage.remove();
    throw error;
  });
  try {
    const pid = serverProcess(server.pid);
    const organizer = await signIn(server.baseUrl, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' });
    const url = (batch: string) => `${server.baseUrl}/apis/files/imports/activation-codes?batch=${batch}`;
    const headers = { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'x-portal-client': 'web', cookie: organizer.header() };
    // Warm-up: the route, exceljs and the insert path, on a small csv.
    await (await fetch(url('warm-up'), { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body: 'WARMUP-000001\n' })).text();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = performance.now();
    const { result: lines, memory } = await watchServerMemory(pid, async () => {
      const response = await fetch(url('bench-import'), { method: 'POST', headers, body: Readable.toWeb(createReadStream(file)) as ReadableStream, duplex: 'half' } as RequestInit);
      return (await response.text()).trim().split('\n');
    });
    const tookMs = Math.round(performance.now() - started);
    const last = JSON.parse(lines[lines.length - 1] ?? '{}') as { type?: string; report?: { rows: number; imported: number } };
    if (last.type !== 'result' || last.report?.imported !== BULK_CODES) throw new Error(`the import did not take every row: ${lines.slice(-1)[0]}`);
    return {
      name: CDK_IMPORT_SCENARIO,
      database,
      description: `one import of a ${BULK_CODES.toLocaleString('en-US')}-row xlsx (streamed upload; read, checked and inserted in one transaction)`,
      rows: last.report.rows,
      imported: last.report.imported,
      xlsxBytes: statSync(file).size,
      tookMs,
      ...memory,
    };
  } finally {
    await server.stop();
    await storage.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function cdkImportMarkdown(results: readonly CdkImportResult[]): string {
  return [
    '## Activation-code import',
    '',
    '| scenario | database | rows | imported | xlsx KB | took ms | RSS before MB | RSS peak MB | added MB (target ≤ 150) | what |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (result) =>
        `| ${result.name} | ${DATABASE_LABELS[result.database]} | ${result.rows} | ${result.imported} | ${Math.round(result.xlsxBytes / 1024)} | ${result.tookMs} | ${result.rssBeforeMb} | ${result.rssPeakMb} | ${result.rssAddedMb} | ${result.description} |`,
    ),
    '',
  ].join('\n');
}
