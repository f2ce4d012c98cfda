import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from './support/chromium';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { buildWebIfStale, defaultWebDistDir } from '../scripts/web-build';

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
  const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : defaultWebDistDir;
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
