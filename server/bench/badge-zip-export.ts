// Scenario `portal-badge-zip-export`: one organizer downloads the zip of a
// company's 2,000 badges — the xlsx and every entry card photo, each its own file — while the server's
// resident memory (the server process: bench/memory.ts) is watched. Target: it grows by
// less than 150 MB, whatever the count. Measures the time to the last byte and the zip's size, and
// counts the zip's entries from its central directory (the list's rows and photos, plus the xlsx).
import { join } from 'node:path';
import { BULK_PHOTO_COMPANY } from '../src/seed/bulk-badges';
import { signIn, type CookieJar } from '../../e2e/support/api-session';
import { startServer } from '../../e2e/support/server-process';
import { serverProcess, watchServerMemory, type MemoryFigures } from './memory';

export const BADGE_ZIP_SCENARIO = 'portal-badge-zip-export';
export const ZIP_PHOTOS = 2_000;
/** The zip's central directory sits at its end: 2,001 entries take about 150 KB. */
const TAIL_BYTES = 1024 * 1024;

export interface BadgeZipResult extends MemoryFigures {
  name: string;
  description: string;
  photos: number;
  entries: number;
  zipMb: number;
  tookMs: number;
}

/** Central directory file headers (PK\x01\x02) in the zip's tail: one per entry. */
function countEntries(tail: Buffer): number {
  let count = 0;
  for (let index = tail.indexOf('PK\x01\x02', 0, 'latin1'); index !== -1; index = tail.indexOf('PK\x01\x02', index + 4, 'latin1')) count += 1;
  return count;
}

/** Downloads the zip of the bulk photo company's badges (DEMO_BULK_BADGE_PHOTOS): its size and entries. */
export async function downloadBadgeZip(origin: string, organizer: CookieJar): Promise<{ bytes: number; entries: number }> {
  const headers = { cookie: organizer.header(), 'x-portal-client': 'web', 'content-type': 'application/json' };
  const names = await fetch(`${origin}/apis/core/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: 'query { submissionExhibitors { id nameEn } }' }) });
  const { data } = (await names.json()) as { data?: { submissionExhibitors: Array<{ id: string; nameEn: string }> } };
  const company = data?.submissionExhibitors.find((exhibitor) => exhibitor.nameEn === BULK_PHOTO_COMPANY.nameEn);
  if (!company) throw new Error(`no company named ${BULK_PHOTO_COMPANY.nameEn}: the bulk badges were not filled`);
  const response = await fetch(`${origin}/apis/files/exports/badges.zip?exhibitorId=${company.id}`, { headers: { cookie: organizer.header() } });
  if (!response.ok || !response.body) throw new Error(`the zip export answered ${response.status}`);
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of response.body) {
    bytes += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-TAIL_BYTES);
  }
  return { bytes, entries: countEntries(tail) };
}

export async function runBadgeZipExport(logDir: string): Promise<BadgeZipResult> {
  const server = await startServer({
    logFile: join(logDir, 'badge-zip-server.log'),
    env: { LOG_LEVEL: 'warn', DEMO_BULK_AUDIENCES: '0', DEMO_BULK_ADMISSIONS: '0', DEMO_BULK_BADGES: String(ZIP_PHOTOS * 2), DEMO_BULK_BADGE_PHOTOS: String(ZIP_PHOTOS) },
  });
  try {
    const pid = serverProcess(server.pid);
    const organizer = await signIn(server.baseUrl, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' });
    const download = () => downloadBadgeZip(server.baseUrl, organizer);
    // Warm-up on the small list of another filter: the export's code paths and the sheet writer load once.
    await fetch(`${server.baseUrl}/apis/files/exports/badges.xlsx?status=REJECTED&keyword=nobody`, { headers: { cookie: organizer.header() } }).then((response) => response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = performance.now();
    const { result: zip, memory } = await watchServerMemory(pid, download);
    const tookMs = Math.round(performance.now() - started);
    if (zip.entries !== ZIP_PHOTOS + 1) throw new Error(`the zip holds ${zip.entries} entries, not ${ZIP_PHOTOS} photos and the xlsx`);
    return {
      name: BADGE_ZIP_SCENARIO,
      description: `GET /apis/files/exports/badges.zip of one company's ${ZIP_PHOTOS.toLocaleString('en-US')} badges, each with its own entry card photo file`,
      photos: ZIP_PHOTOS,
      entries: zip.entries,
      zipMb: Math.round((zip.bytes / 1024 / 1024) * 10) / 10,
      tookMs,
      ...memory,
    };
  } finally {
    await server.stop();
  }
}

export function badgeZipMarkdown(result: BadgeZipResult): string {
  return [
    '## Zip export of badges with photos',
    '',
    '| scenario | entries | zip MB | time ms | RSS before MB | RSS peak MB | added MB (target < 150) | what |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    `| ${result.name} | ${result.entries} | ${result.zipMb} | ${result.tookMs} | ${result.rssBeforeMb} | ${result.rssPeakMb} | ${result.rssAddedMb} | ${result.description} |`,
    '',
  ].join('\n');
}
