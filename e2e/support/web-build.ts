import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './server-process';

export const defaultDistDir = join(repoRoot, 'web', 'dist');

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
