import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startServer } from '../../e2e/support/server-process';
import { repoRoot } from '../../e2e/support/server-process';

export interface Target {
  /** Loopback origin, e.g. http://127.0.0.1:40000. */
  origin: string;
  stop: () => Promise<void>;
}

/** Runs one of bench/targets/*.ts in its own process (so that autocannon does not share its core). */
export function startScript(script: string): Promise<Target> {
  const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [join(import.meta.dirname, 'targets', script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolveTarget, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start within 30 s: ${output}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before listening: ${output}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = output.match(/LISTENING (\d+)/)?.[1];
      if (port) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolveTarget({ origin: `http://127.0.0.1:${port}`, stop });
      }
    });
  });
}

/**
 * The real portal server (tsx src/main.ts), logging warnings only: on a fresh PGlite data folder, or
 * on PostgreSQL when BENCH_DATABASE_URL names an empty database (the demo seed fills only an empty one).
 * The bulk fills of the scenarios (100,000 applications, 20,000 badges, 1,000,000 admissions, the
 * tickets) come before it answers: minutes on a busy machine.
 */
export async function startPortal(logFile: string): Promise<Target> {
  const database = process.env.BENCH_DATABASE_URL;
  const server = await startServer({ logFile, env: { LOG_LEVEL: 'warn', ...(database ? { DATABASE_URL: database, SEED_DEMO: 'true' } : {}) }, startTimeoutMs: 900_000 });
  return { origin: server.baseUrl, stop: server.stop };
}
