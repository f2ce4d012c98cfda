/**
 * What each route downloads before it shows, read from the build's Vite manifest (DESIGN §7): the entry's
 * static imports, then each lazily loaded module the route waits for and its static imports, with the
 * locale files of its namespaces. Sizes are of the files the server sends: brotli (.br) or gzip (.gz)
 * written beside each asset by vite.config.ts, compressed here when a file is too small to have one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  ANTD_SCREENS,
  chunkKeyOf,
  entryKey,
  firstLoadKeys,
  LANGUAGES,
  PUBLIC_ROUTES,
  readManifest as readBuildManifest,
  staticClosure,
  type FirstScreen,
  type Manifest,
} from '../build/first-screens';

export { LANGUAGES, PUBLIC_ROUTES, staticClosure, type Manifest };

export const webRoot = resolve(import.meta.dirname, '..');
export const defaultDistDir = join(webRoot, 'dist');

export const PUBLIC_BUDGET_BROTLI = 170 * 1024;
export const ORGANIZER_ROUTE_BUDGET_GZIP = 100 * 1024;

export type Encoding = 'br' | 'gzip';

export function readManifest(distDir = defaultDistDir): Manifest {
  return readBuildManifest(distDir);
}

const sizeCache = new Map<string, number>();

/** The size of a built file as the server sends it with the given encoding. */
export function encodedSize(distDir: string, file: string, encoding: Encoding): number {
  const path = join(distDir, file);
  const cacheKey = `${encoding}:${path}`;
  const cached = sizeCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const precompressed = `${path}.${encoding === 'br' ? 'br' : 'gz'}`;
  const size = existsSync(precompressed)
    ? readFileSync(precompressed).length
    : encoding === 'br'
      ? brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
      : gzipSync(readFileSync(path), { level: 9 }).length;
  sizeCache.set(cacheKey, size);
  return size;
}

export interface Load {
  files: { file: string; bytes: number }[];
  total: number;
}

function loadOf(manifest: Manifest, distDir: string, keys: Iterable<string>, encoding: Encoding): Load {
  const files = [...new Set([...keys].map((key) => manifest[key]?.file ?? ''))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: encodedSize(distDir, file, encoding) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { files, total: files.reduce((sum, { bytes }) => sum + bytes, 0) };
}

/** A public route's first-load JavaScript in one language: entry, route modules, locale files, all brotli. */
export function publicFirstLoad(manifest: Manifest, route: FirstScreen, language: string, distDir = defaultDistDir): Load {
  return loadOf(manifest, distDir, firstLoadKeys(manifest, route, language), 'br');
}

export interface OrganizerRouteLoad extends Load {
  module: string;
}

/** The name vite.config.ts gives the back office's shared vendor chunk. */
export const BACK_OFFICE_VENDOR_CHUNK = 'vendor-backoffice';
export const ORGANIZER_AREA = 'src/app/areas/organizer-area.tsx';

/**
 * Organizer pages that the search of organizerBase cannot see: their route module (badge-routes.tsx, which the
 * public /ticket route imports too) is merged into the shell's chunks, so the area reaches them through the shell.
 */
export const ORGANIZER_PAGES_VIA_SHELL = ['src/features/badge/pages/badge-queue-page.tsx'];

/** The manifest key of the back office's shared vendor chunk. */
export function backOfficeVendorKey(manifest: Manifest): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.name === BACK_OFFICE_VENDOR_CHUNK && !manifest[key]?.isDynamicEntry);
  if (keys.length !== 1 || !keys[0]) throw new Error(`Expected one ${BACK_OFFICE_VENDOR_CHUNK} chunk in the build, found ${keys.length}`);
  return keys[0];
}

/** The chunks every antd route loads first: the entry, vendor-react, antd's providers and route table, antd's texts. */
export function antdShell(manifest: Manifest): Set<string> {
  return staticClosure(manifest, [entryKey(manifest), ...ANTD_SCREENS.map((module) => chunkKeyOf(manifest, module))]);
}

/**
 * What a reviewer has loaded before an organizer page's own chunks (DESIGN §7's "shared vendor chunk" included):
 * the shell every antd route shares (the entry, vendor-react, antd's providers and route table:
 * src/app/portal-routes.tsx), the organizer area (layout, menu) and the back office's vendor chunk (antd's
 * Table, Form, Select… that most organizer pages use: vite.config.ts), each with its static imports.
 */
function organizerBase(manifest: Manifest) {
  const shellKeys = [entryKey(manifest), ...ANTD_SCREENS.map((module) => chunkKeyOf(manifest, module))];
  const shell = antdShell(manifest);
  const areaKey = chunkKeyOf(manifest, ORGANIZER_AREA);
  const area = staticClosure(manifest, [...shellKeys, areaKey]);
  const base = staticClosure(manifest, [...shellKeys, areaKey, backOfficeVendorKey(manifest)]);
  // Every page the area (or a module it imports) loads lazily.
  const pages = [...new Set([...[...area].filter((key) => !shell.has(key)).flatMap((key) => manifest[key]?.dynamicImports ?? []), ...ORGANIZER_PAGES_VIA_SHELL])]
    .filter((key) => !key.endsWith('.json'))
    .sort();
  return { shell, base, pages };
}

/** The back office's shared chunks as a reviewer's first organizer page loads them, gzip: the organizer area and the vendor chunk. */
export function organizerSharedLoad(manifest: Manifest, distDir = defaultDistDir): Load {
  const { shell, base } = organizerBase(manifest);
  return loadOf(manifest, distDir, [...base].filter((key) => !shell.has(key)), 'gzip');
}

/**
 * DESIGN §7's measure of an organizer route: each lazily loaded organizer page with what it downloads beyond the
 * shell, the organizer area and the back office's vendor chunk (organizerBase), gzip: the page's own chunks and
 * the chunks it shares with only some pages. The cost of opening each further organizer page is at most this.
 */
export function organizerRouteLoads(manifest: Manifest, distDir = defaultDistDir): OrganizerRouteLoad[] {
  const { base, pages } = organizerBase(manifest);
  // A page's chunk that other chunks import from has no facade module in the manifest (key `_<file>`): its name says which page.
  return pages.map((page) => ({ module: manifest[page]?.src ?? manifest[page]?.name ?? page, ...loadOf(manifest, distDir, [...staticClosure(manifest, [page])].filter((key) => !base.has(key)), 'gzip') }));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The figures as a Markdown table (the CLI below and docs/performance.md). */
export function budgetReport(distDir = defaultDistDir): string {
  const manifest = readManifest(distDir);
  const lines = ['| public route | first-load JS, brotli (zh-CN / en-US) | largest files |', '|---|---|---|'];
  for (const route of PUBLIC_ROUTES) {
    const loads = LANGUAGES.map((language) => publicFirstLoad(manifest, route, language, distDir));
    const largest = (loads[0]?.files ?? []).slice(0, 3).map(({ file, bytes }) => `${basename(file)} ${kb(bytes)}`);
    lines.push(`| ${route.path} | ${loads.map((load) => kb(load.total)).join(' / ')} | ${largest.join(', ')} |`);
  }
  const shared = organizerSharedLoad(manifest, distDir);
  lines.push('', `Shared by the organizer's pages, loaded with the first: ${kb(shared.total)} gzip (${shared.files.map(({ file, bytes }) => `${basename(file)} ${kb(bytes)}`).join(', ')}).`);
  lines.push('', '| organizer route (lazily loaded page) | beyond the shell, the organizer area and the back-office vendor chunk, gzip |', '|---|---|');
  for (const load of organizerRouteLoads(manifest, distDir)) lines.push(`| ${load.module} | ${kb(load.total)} |`);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  console.log(budgetReport(process.argv[2] ? resolve(process.argv[2]) : defaultDistDir));
}
