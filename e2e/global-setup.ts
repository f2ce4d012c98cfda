import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from './support/chromium';
import { repoRoot, startServer, type RunningServer } from './support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the real server started for this run, e.g. http://127.0.0.1:41234 ('' when skipped). */
    baseUrl: string;
    /** Chromium executable, or '' when none was found and the journeys are skipped. */
    chromiumPath: string;
    /** The server's log file: the journeys read verification codes from the dev outbox's lines in it. */
    serverLogFile: string;
  }
}

export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');
const defaultDistDir = join(repoRoot, 'web', 'dist');

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

/**
 * Builds the web app into `distDir` unless it is newer than everything it is built from.
 * E2E_BUILD=always forces a build, E2E_BUILD=never skips it (for a dist built by hand).
 */
export function buildWebIfStale(distDir: string): void {
  const mode = process.env.E2E_BUILD ?? 'auto';
  const distIndex = join(distDir, 'index.html');
  if (mode === 'never') return;
  const sources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'web/package.json', 'shared/src', 'shared/locales'];
  const newestSource = Math.max(...sources.map((path) => newestMtime(join(repoRoot, path))));
  const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
  if (mode !== 'always' && builtAt > newestSource) {
    console.info(`[e2e] ${distDir} is up to date; not rebuilding`);
    return;
  }
  const args = ['run', 'build', '-w', 'web'];
  if (distDir !== defaultDistDir) args.push('--', '--outDir', distDir, '--emptyOutDir');
  console.info(`[e2e] building the web app (npm ${args.join(' ')}) ...`);
  const started = Date.now();
  const result = spawnSync('npm', args, { cwd: repoRoot, encoding: 'utf8', env: process.env });
  if (result.status !== 0) {
    throw new Error(`[e2e] npm run build -w web failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  console.info(`[e2e] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

let server: RunningServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(artifactsDir, { recursive: true });
  const chromiumPath = findChromium();
  if (chromiumPath === null) {
    console.warn(
      '\n[e2e] SKIPPING the browser journeys: no Chromium found (set CHROMIUM_PATH, or install Debian\'s ' +
        '`chromium` so that /usr/bin/chromium exists).\n',
    );
    project.provide('chromiumPath', '');
    project.provide('baseUrl', '');
    project.provide('serverLogFile', '');
    return async () => {};
  }

  // E2E_WEB_DIST_DIR: build and serve a private copy (keeps a run apart from someone else's build of web/dist).
  const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : defaultDistDir;
  buildWebIfStale(distDir);
  const logFile = join(artifactsDir, 'server.log');
  console.info('[e2e] starting the server (tsx src/main.ts, fresh PGlite data folder, CAPTCHA_COMPLEXITY=1000) ...');
  const started = Date.now();
  server = await startServer({ logFile, env: { WEB_DIST_DIR: distDir } });
  console.info(
    `[e2e] server healthy at ${server.baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(log: ${logFile}); Chromium: ${chromiumPath}`,
  );
  project.provide('chromiumPath', chromiumPath);
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLogFile', logFile);

  return async () => {
    await server?.stop();
    server = undefined;
  };
}
