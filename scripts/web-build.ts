// `npm start` and `npm run bench` build the web app only when web/dist is older than what it is built
// from (a build takes a minute on a busy two-core machine); the browser journeys use the same rule.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = resolve(import.meta.dirname, '..');
export const defaultWebDistDir = join(repoRoot, 'web', 'dist');

/** Everything the web build reads besides node_modules. */
const WEB_SOURCES = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'web/build', 'web/service-worker', 'web/package.json', 'shared/src', 'shared/locales'];

/** Newest modification time (ms) of the files below `path` (a file or a folder). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether `distDir` holds a build newer than every source of the web app. */
export function webBuildIsCurrent(distDir = defaultWebDistDir): boolean {
  const distIndex = join(distDir, 'index.html');
  const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
  return builtAt > Math.max(...WEB_SOURCES.map((path) => newestMtime(join(repoRoot, path))));
}

function buildCommand(distDir: string) {
  const args = ['run', 'build', '-w', 'web'];
  if (distDir !== defaultWebDistDir) args.push('--', '--outDir', distDir, '--emptyOutDir');
  // Always the bundle that ships, whoever builds it: under vitest NODE_ENV is `test`, Vite would pass it on to
  // React, and the journeys, the size budget and a later `npm start` (which reuses a current web/dist) would get
  // React's development build, 50 KB (brotli) larger and slower.
  const env = { ...process.env, NODE_ENV: 'production' };
  return { args, env };
}

/** Builds the web app into `distDir` (vite build); throws with its output when it fails. */
export function buildWeb(distDir = defaultWebDistDir, log: (line: string) => void = console.info): void {
  const { args, env } = buildCommand(distDir);
  log(`building the web app (npm ${args.join(' ')}) ...`);
  const started = Date.now();
  const result = spawnSync('npm', args, { cwd: repoRoot, encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`npm run build -w web failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * buildWebIfStale without blocking the event loop, for a vitest worker: a build of minutes (with the pre-rendering)
 * inside a synchronous call starves the worker's messages to vitest, which then reports them as timed out.
 */
export async function buildWebIfStaleAsync(distDir = defaultWebDistDir, log: (line: string) => void = (line) => console.info(`[web] ${line}`)): Promise<void> {
  if (!buildNeeded(distDir, log)) return;
  const { args, env } = buildCommand(distDir);
  log(`building the web app (npm ${args.join(' ')}) ...`);
  const started = Date.now();
  await new Promise<void>((done, fail) => {
    const child = spawn('npm', args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`npm run build -w web failed (exit ${code}):\n${output}`))));
  });
  log(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds the web app into `distDir` unless it is newer than everything it is built from (the browser
 * journeys, the size budget and the Lighthouse bench). E2E_BUILD=always forces a build, E2E_BUILD=never
 * skips it (for a dist built by hand).
 */
export function buildWebIfStale(distDir = defaultWebDistDir, log: (line: string) => void = (line) => console.info(`[web] ${line}`)): void {
  if (buildNeeded(distDir, log)) buildWeb(distDir, log);
}

/** E2E_BUILD=always forces a build, E2E_BUILD=never skips it (for a dist built by hand); otherwise a stale build is rebuilt. */
function buildNeeded(distDir: string, log: (line: string) => void): boolean {
  const mode = process.env.E2E_BUILD ?? 'auto';
  if (mode === 'never') return false;
  if (mode !== 'always' && webBuildIsCurrent(distDir)) {
    log(`${distDir} is up to date; not rebuilding`);
    return false;
  }
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (webBuildIsCurrent()) console.info('web/dist is newer than the web sources: not rebuilding');
  else buildWeb();
}
