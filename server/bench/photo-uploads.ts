// Scenario `portal-photo-uploads`: eight visitors upload a 7000×7000 16-bit PNG at
// the same moment while organizers keep asking for their viewer. Measures how much the server's
// resident memory grows (the server process: bench/memory.ts) and the viewer query's
// latency meanwhile. Targets: ≤ 300 MB added, viewer p99 < 100 ms.
import autocannon from 'autocannon';
import { join } from 'node:path';
import sharp from 'sharp';
import { startServer } from '../../e2e/support/server-process';
import { signIn, type CookieJar } from '../../e2e/support/api-session';
import { serverProcess, watchServerMemory, type MemoryFigures } from './memory';

export const PHOTO_UPLOADS_SCENARIO = 'portal-photo-uploads';
const UPLOADS = 8;
/** BENCH_PHOTO_SIDE=4800 measures pictures just under the 24 MP limit, which are decoded (at reduced size). */
const SIDE = Number(process.env.BENCH_PHOTO_SIDE ?? 7000);

export interface PhotoUploadResult extends MemoryFigures {
  name: string;
  description: string;
  uploads: number;
  uploadStatuses: string[];
  pngBytes: number;
  viewerP50Ms: number;
  viewerP99Ms: number;
  viewerRequests: number;
  uploadsTookMs: number;
}

function viewerRequest(origin: string, organizer: CookieJar, seconds: number) {
  return autocannon({
    url: `${origin}/apis/core/graphql`,
    method: 'POST',
    connections: 10,
    duration: seconds,
    headers: { 'content-type': 'application/json', 'x-portal-client': 'web', cookie: organizer.header() },
    body: JSON.stringify({ query: 'query { viewer { __typename } }' }),
  });
}

async function upload(origin: string, visitor: CookieJar, png: Buffer): Promise<string> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadPhoto(file: $file, purpose: ENTRY_CARD) { id } }', variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bomb.png');
  const response = await fetch(`${origin}/apis/core/graphql`, { method: 'POST', headers: { 'x-portal-client': 'web', cookie: visitor.header() }, body: form });
  const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
  return body.errors?.[0]?.extensions?.code ?? String(response.status);
}

export async function runPhotoUploads(logDir: string): Promise<PhotoUploadResult> {
  const png = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: 120, g: 130, b: 140 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
  const depth = (await sharp(png, { limitInputPixels: false }).metadata()).depth;
  if (depth !== 'ushort') throw new Error(`the test picture is not 16-bit (${depth})`);
  const server = await startServer({ logFile: join(logDir, 'photo-uploads-server.log'), env: { LOG_LEVEL: 'warn', DEMO_BULK_AUDIENCES: '0', DEMO_BULK_ADMISSIONS: '0' } });
  try {
    const pid = serverProcess(server.pid);
    const organizer = await signIn(server.baseUrl, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' });
    const visitors = await Promise.all(Array.from({ length: UPLOADS }, () => signIn(server.baseUrl, { identity: '13800000000', password: 'Visitor12345', scope: 'audience' })));
    // Warm-up: the GraphQL caches, sharp and the face models load once per process.
    await viewerRequest(server.baseUrl, organizer, 1);
    await upload(server.baseUrl, visitors[0] as CookieJar, png);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { result, memory } = await watchServerMemory(pid, async () => {
      const load = viewerRequest(server.baseUrl, organizer, 6);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const started = performance.now();
      const statuses = await Promise.all(visitors.map((visitor) => upload(server.baseUrl, visitor, png)));
      return { uploadStatuses: statuses, uploadsTookMs: Math.round(performance.now() - started), viewer: await load };
    });
    const { uploadStatuses, uploadsTookMs, viewer } = result;
    return {
      name: PHOTO_UPLOADS_SCENARIO,
      description: `${UPLOADS} simultaneous uploads of a ${SIDE}×${SIDE} 16-bit PNG (${Math.round(png.length / 1024)} KB) while 10 connections query the viewer`,
      uploads: UPLOADS,
      uploadStatuses,
      pngBytes: png.length,
      ...memory,
      viewerP50Ms: viewer.latency.p50,
      viewerP99Ms: viewer.latency.p99,
      viewerRequests: viewer.requests.total,
      uploadsTookMs,
    };
  } finally {
    await server.stop();
  }
}

export function photoUploadsMarkdown(result: PhotoUploadResult): string {
  return [
    '## Memory under hostile uploads',
    '',
    '| scenario | RSS before MB | RSS peak MB | added MB (target ≤ 300) | viewer p50 ms | viewer p99 ms (target < 100) | uploads answered | what |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    `| ${result.name} | ${result.rssBeforeMb} | ${result.rssPeakMb} | ${result.rssAddedMb} | ${result.viewerP50Ms} | ${result.viewerP99Ms} | ` +
      `${[...new Set(result.uploadStatuses)].join(', ')} in ${result.uploadsTookMs} ms | ${result.description} |`,
    '',
  ].join('\n');
}
