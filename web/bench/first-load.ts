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

export { LANGUAGES, PUBLIC_ROUTES, type Manifest };

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

/**
 * Each lazily loaded organizer page with what it needs beyond the shell every antd route shares (the
 * entry, the vendor-react chunk, antd's providers and route table: src/app/portal-routes.tsx), gzip: the
 * organizer area (layout, menu) and the page's own chunks, as a first visit loads them.
 */
export function organizerRouteLoads(manifest: Manifest, distDir = defaultDistDir): OrganizerRouteLoad[] {
  const shellKeys = [entryKey(manifest), ...ANTD_SCREENS.map((module) => chunkKeyOf(manifest, module))];
  const shell = staticClosure(manifest, shellKeys);
  const areaKey = chunkKeyOf(manifest, 'src/app/areas/organizer-area.tsx');
  const area = staticClosure(manifest, [...shellKeys, areaKey]);
  const beyondShell = (keys: Set<string>) => [...keys].filter((key) => !shell.has(key));
  // Every page the area (or a module it imports) loads lazily.
  const pages = [...new Set(beyondShell(area).flatMap((key) => manifest[key]?.dynamicImports ?? []))].filter((key) => !key.endsWith('.json')).sort();
  return pages.map((page) => ({ module: page, ...loadOf(manifest, distDir, beyondShell(staticClosure(manifest, [...shellKeys, areaKey, page])), 'gzip') }));
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
  lines.push('', '| organizer route (lazily loaded page) | area + page beyond the shared shell, gzip |', '|---|---|');
  for (const load of organizerRouteLoads(manifest, distDir)) lines.push(`| ${load.module} | ${kb(load.total)} |`);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  console.log(budgetReport(process.argv[2] ? resolve(process.argv[2]) : defaultDistDir));
}
