// Scenario `portal-badge-print`: the ticket office prints the staff badges of one company — about 2,000
// approved badges, each with its own photo — as one PDF (the ticket list's filter → GET
// /apis/files/badges/batch.pdf), while the server's resident memory is watched (bench/memory.ts).
// Goals: the whole PDF within 60 s and the server's RSS growing by at most 300 MB. Measures the time to
// the last byte, the PDF's size and its pages (counted from its page objects).
import { join } from 'node:path';
import { BADGE_PRINT_PATHS, defaultBadgeTemplate } from '@portal/shared/badge-print/badge-print.schema';
import { BULK_PHOTO_COMPANY } from '../src/seed/bulk-badges';
import { signIn } from '../../e2e/support/api-session';
import { startServer } from '../../e2e/support/server-process';
import { serverProcess, watchServerMemory, type MemoryFigures } from './memory';
import { DATABASE_LABELS, freshDatabase, type BenchDatabase } from './targets';

export const BADGE_PRINT_SCENARIO = 'portal-badge-print';
/** Bulk badges of the photo company: about half are approved, so about 2,000 tickets print. */
const COMPANY_BADGES = 4_000;
export const BADGE_PRINT_GOALS = { seconds: 60, rssAddedMb: 300 };

export interface BadgePrintResult extends MemoryFigures {
  name: string;
  database: BenchDatabase;
  description: string;
  badges: number;
  pages: number;
  pdfMb: number;
  tookMs: number;
}

export async function runBadgePrint(logDir: string, database: BenchDatabase): Promise<BadgePrintResult> {
  const storage = await freshDatabase(database);
  const server = await startServer({
    logFile: join(logDir, `badge-print-server-${database}.log`),
    env: { LOG_LEVEL: 'warn', SEED_DEMO: 'true', DEMO_BULK_AUDIENCES: '0', DEMO_BULK_ADMISSIONS: '0', DEMO_BULK_BADGES: String(COMPANY_BADGES), DEMO_BULK_BADGE_PHOTOS: String(COMPANY_BADGES), ...storage.env },
  }).catch(async (error: unknown) => {
    await storage.remove();
    throw error;
  });
  try {
    const pid = serverProcess(server.pid);
    const organizer = await signIn(server.baseUrl, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' });
    const print = async (query: string) => {
      const response = await fetch(`${server.baseUrl}${BADGE_PRINT_PATHS.batch}?${query}`, { headers: { cookie: organizer.header() } });
      if (!response.ok || !response.body) throw new Error(`the batch print answered ${response.status}: ${await response.text()}`);
      let bytes = 0;
      let pages = 0;
      let carry = '';
      for await (const chunk of response.body) {
        bytes += chunk.length;
        // "/Type /Page" not followed by "s": one per page (a chunk's last bytes carried over to the next).
        const text = carry + Buffer.from(chunk).toString('latin1');
        pages += text.match(/\/Type \/Page(?!s)/g)?.length ?? 0;
        carry = text.slice(-16).replace(/\/Type \/Page(?!s)[\s\S]*$/, '');
      }
      return { bytes, pages, badges: Number(response.headers.get('x-total-count')) };
    };
    // Warm-up: a preview, so that the worker thread, pdfkit and the font load once.
    const preview = await fetch(`${server.baseUrl}${BADGE_PRINT_PATHS.preview}`, {
      method: 'POST',
      headers: { cookie: organizer.header(), 'x-portal-client': 'web', 'content-type': 'application/json' },
      body: JSON.stringify({ template: { ...defaultBadgeTemplate('BADGE'), backgroundId: null, logoId: null } }),
    });
    if (!preview.ok) throw new Error(`the preview answered ${preview.status}: ${await preview.text()}`);
    await preview.arrayBuffer();
    const started = performance.now();
    const { result, memory } = await watchServerMemory(pid, () => print(`kind=BADGE&keyword=${encodeURIComponent(BULK_PHOTO_COMPANY.nameZh)}`));
    const tookMs = Math.round(performance.now() - started);
    if (result.pages !== result.badges) throw new Error(`the PDF holds ${result.pages} pages for ${result.badges} badges`);
    return {
      name: BADGE_PRINT_SCENARIO,
      database,
      description: `GET ${BADGE_PRINT_PATHS.batch} of one company's ${result.badges.toLocaleString('en-US')} approved staff badges, each with its photo, one CR80 card a page`,
      badges: result.badges,
      pages: result.pages,
      pdfMb: Math.round((result.bytes / 1024 / 1024) * 10) / 10,
      tookMs,
      ...memory,
    };
  } finally {
    await server.stop();
    await storage.remove();
  }
}

export function badgePrintMarkdown(results: readonly BadgePrintResult[]): string {
  return [
    `## Badges printed as one PDF (goals: ≤ ${BADGE_PRINT_GOALS.seconds} s, ≤ ${BADGE_PRINT_GOALS.rssAddedMb} MB RSS growth)`,
    '',
    '| scenario | database | badges | pages | PDF MB | time ms | RSS before MB | RSS peak MB | added MB | what |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (result) =>
        `| ${result.name} | ${DATABASE_LABELS[result.database]} | ${result.badges} | ${result.pages} | ${result.pdfMb} | ${result.tookMs} | ${result.rssBeforeMb} | ${result.rssPeakMb} | ${result.rssAddedMb} | ${result.description} |`,
    ),
    '',
  ].join('\n');
}
