import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, repoRoot, startServer, type RunningServer } from '../support/server-process';
import { nginxConfig } from './nginx-config';

/** The S3 bucket of the cluster; s3rver's one account signs for it. */
const BUCKET = 'portal-cluster';

export interface Cluster {
  /** nginx in front of the instances: what a browser would call. */
  origin: string;
  instances: RunningServer[];
  /** The throw-away database, for counting what was stored. */
  database: pg.Client;
  artifactsDir: string;
  /** Stops instance `index` (0-based) as a deployment does (SIGTERM: it finishes what it holds) and starts it again on its port. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process in its own group, its output in a file, killed with its group at the end. */
function startProcess(command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = process.env) {
  const child: ChildProcess = spawn(command, args, { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => (log += chunk.toString('utf8'));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    log: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, sleep(5_000)]);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      writeFileSync(logFile, log);
    },
  };
}

async function waitForAnswer(url: string, what: string, log: () => string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.status < 500) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error(`${what} did not answer at ${url}:\n${log()}`);
}

/**
 * Three portal processes (or `instances`) on one throw-away PostgreSQL database, one Redis database and an S3-compatible
 * server (s3rver, its own process), behind nginx on loopback with the configuration of docs/deploy.md.
 * The first instance creates the schema and the demo data (with `bulkApplications` made-up applications),
 * the two others join it.
 */
export async function startCluster(options: {
  artifactsDir: string;
  bulkApplications: number;
  webDistDir: string;
  instances?: number;
  /** The seed's and the portal's settings on top of the cluster's own (DEMO_BULK_VISITORS, ADMISSION_*). */
  env?: Record<string, string>;
}): Promise<Cluster> {
  const { artifactsDir } = options;
  mkdirSync(artifactsDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  const cleanups: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('[cluster] clean-up failed', error));
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const adminUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `portal_cluster_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;

    // One Redis database for the cluster, emptied before and after (REDIS_URL names it; 15 by default).
    const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    cleanups.push(async () => {
      await redis.flushdb();
      await redis.quit();
    });

    const s3Port = await freePort();
    const s3Dir = join(work, 's3');
    mkdirSync(s3Dir);
    const s3 = startProcess(process.execPath, [join(repoRoot, 'node_modules/s3rver/bin/s3rver.js'), '-d', s3Dir, '-a', '127.0.0.1', '-p', String(s3Port), '--configure-bucket', BUCKET], join(artifactsDir, 's3rver.log'));
    cleanups.push(() => s3.stop());
    await waitForAnswer(`http://127.0.0.1:${s3Port}/`, 's3rver', s3.log);

    const { privateKey } = generateKeyPairSync('ed25519');
    const shared: Record<string, string> = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      APP_SECRET: randomBytes(32).toString('hex'),
      TICKET_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
      TRUST_PROXY: '1',
      WEB_DIST_DIR: options.webDistDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const startInstance = async (index: number, env: Record<string, string>, port?: number) => {
      const server = await startServer({ logFile: join(artifactsDir, `portal-${index}${port ? '-restarted' : ''}.log`), env: { ...shared, ...env }, ...(port ? { port } : {}) });
      cleanups.push(() => server.stop());
      return server;
    };
    const instances: RunningServer[] = [];
    instances.push(await startInstance(1, { SEED_DEMO: 'true', DEMO_BULK_AUDIENCES: String(options.bulkApplications) }));
    instances.push(...(await Promise.all(Array.from({ length: (options.instances ?? 3) - 1 }, (_, index) => startInstance(index + 2, { SEED_DEMO: 'false' })))));

    const nginxPort = await freePort();
    const nginxDir = join(work, 'nginx');
    mkdirSync(nginxDir);
    // Workers run as an unprivileged user when the master is root: the temp folders must be theirs to write.
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(join(nginxDir, kind));
      chmodSync(join(nginxDir, kind), 0o777);
    }
    const configFile = join(nginxDir, 'nginx.conf');
    const config = nginxConfig({ listen: `127.0.0.1:${nginxPort}`, upstreams: instances.map((instance) => `127.0.0.1:${instance.port}`), runtimeDir: nginxDir });
    writeFileSync(configFile, config);
    writeFileSync(join(artifactsDir, 'nginx.conf'), config);
    const nginx = startProcess(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['-c', configFile, '-g', 'daemon off;'], join(artifactsDir, 'nginx.log'));
    cleanups.push(() => nginx.stop());
    const origin = `http://127.0.0.1:${nginxPort}`;
    await waitForAnswer(`${origin}/apis/health/live`, 'nginx', nginx.log);

    const database = new pg.Client({ connectionString: databaseUrl.toString() });
    await database.connect();
    cleanups.push(() => database.end());
    const restart = async (index: number) => {
      const old = instances[index];
      if (!old) throw new Error(`no instance ${index}`);
      await old.stop();
      instances[index] = await startInstance(index + 1, { SEED_DEMO: 'false' }, old.port);
    };
    return { origin, instances, database, artifactsDir, restart, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
