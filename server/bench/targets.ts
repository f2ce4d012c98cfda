import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot, startServer } from '../../e2e/support/server-process';
import { serverProcess } from './memory';

export interface Target {
  /** Loopback origin, e.g. http://127.0.0.1:40000. */
  origin: string;
  /** The spawned process (tsx, whose node child serves). */
  pid: number | undefined;
  /** The portal's database settings (DATABASE_URL or DATA_DIR), for a scenario that reads the database itself. */
  databaseEnv?: Record<string, string>;
  stop: () => Promise<void>;
}

/** CPU time (user + system, ms) the process has used so far: /proc/<pid>/stat counts clock ticks of 10 ms. */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime = 0, stime = 0] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
  return (utime + stime) * 10;
}

/** The databases the portal target runs on; each run of the bench picks some (BENCH_DATABASES). */
export const BENCH_DATABASES = ['pglite', 'postgres'] as const;
export type BenchDatabase = (typeof BENCH_DATABASES)[number];
export const DATABASE_LABELS: Record<BenchDatabase, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** Runs one of bench/targets/*.ts in its own process (so that autocannon does not share its core). */
export function startScript(script: string, env: Record<string, string> = {}, startTimeoutMs = 30_000): Promise<Target> {
  const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [join(import.meta.dirname, 'targets', script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
    env: { ...process.env, NODE_ENV: 'production', ...env },
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
      reject(new Error(`${script} did not start within ${startTimeoutMs / 1000} s: ${output}`));
    }, startTimeoutMs);
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
        resolveTarget({ origin: `http://127.0.0.1:${port}`, pid: child.pid, stop });
      }
    });
  });
}

/** Sends SIGTERM and waits (at most 15 s) until the process is gone. */
async function endProcess(pid: number) {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; alive() && waited < 15_000; waited += 100) await new Promise((done) => setTimeout(done, 100));
}

/** Where the throw-away PostgreSQL databases are created (trust auth on loopback, as on this machine and in CI). */
const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function onPostgres(statement: string) {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A fresh PGlite data folder, or a fresh PostgreSQL database (with Redis), and how to remove it again. */
export async function freshDatabase(database: BenchDatabase): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  if (database === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-data-'));
    return { env: { DATA_DIR: dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bench_${Date.now()}_${process.pid}`;
  await onPostgres(`create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  // The uploaded files' folder, the same for the seeding start and the measured one (the bulk badges' photos).
  const filesDir = mkdtempSync(join(tmpdir(), 'portal-bench-files-'));
  // Production's topology (DESIGN §2): PostgreSQL with Redis for sessions, throttles and the caches' invalidation.
  return {
    env: { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, DATA_DIR: filesDir },
    remove: async () => {
      await onPostgres(`drop database if exists ${name} with (force)`);
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real portal server as production runs it (NODE_ENV=production, `tsx src/main.ts`, the default
 * LOG_LEVEL=info: an access-log line per request, read by this process) on a fresh database of the given kind. Production never seeds demo data, so a first,
 * development start seeds the demo accounts and the bulk data the selected scenarios need (`bulk`:
 * DEMO_BULK_* values; minutes for the 100,000-row fills) and stops; the production start then serves
 * that same database. BENCH_CPU_PROF=<folder> writes a V8 CPU profile of the production server there.
 */
export async function startPortal(database: BenchDatabase, bulk: Record<string, string>, logDir: string): Promise<Target> {
  const storage = await freshDatabase(database);
  const shared = {
    // The same secrets for both starts: ID numbers sealed by the seed must open in production.
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    TICKET_SIGNING_KEY: process.env.TICKET_SIGNING_KEY ?? generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ...storage.env,
  };
  try {
    const started = performance.now();
    const seeding = await startServer({ logFile: join(logDir, `portal-${database}-seed.log`), env: { ...shared, ...bulk, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }, startTimeoutMs: 900_000 });
    await seeding.stop();
    console.log(`bench: ${DATABASE_LABELS[database]} seeded in ${Math.round((performance.now() - started) / 1000)} s (${Object.entries(bulk).map(([name, value]) => `${name}=${value}`).join(', ') || 'demo data only'})`);
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const server = await startServer({ logFile: join(logDir, `portal-${database}.log`), env: { ...shared, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, nodeArguments: profile });
    return {
      origin: server.baseUrl,
      pid: server.pid,
      databaseEnv: storage.env,
      async stop() {
        // The server process first, alone, as an orchestrator stops it: it shuts down and writes its CPU profile.
        await endProcess(serverProcess(server.pid));
        await server.stop();
        await storage.remove();
      },
    };
  } catch (error) {
    await storage.remove();
    throw error;
  }
}

/**
 * The gate's baseline (targets/scan-baseline.ts) beside a portal target: on PostgreSQL in the portal's own database
 * (its own tables), on PGlite in a folder of its own (PGlite's folder is locked to the portal's process).
 */
export async function startScanBaseline(database: BenchDatabase, portal: Target): Promise<Target> {
  if (database === 'postgres') {
    const url = portal.databaseEnv?.DATABASE_URL;
    if (!url) throw new Error('the portal target has no DATABASE_URL');
    return startScript('scan-baseline.ts', { BASELINE_DATABASE_URL: url }, 120_000);
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-scan-baseline-'));
  const target = await startScript('scan-baseline.ts', { BASELINE_PGLITE_DIR: dir }, 120_000);
  return {
    ...target,
    async stop() {
      await target.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
