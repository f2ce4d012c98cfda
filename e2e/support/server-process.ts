import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Repository root (this file lives in e2e/support/). */
export const repoRoot = resolve(import.meta.dirname, '../..');

export interface StartServerOptions {
  /** Where the server's stdout/stderr is written (also kept in memory for error messages). */
  logFile: string;
  /** Extra environment on top of the defaults below. */
  env?: Record<string, string>;
  /** How long to wait for GET /apis/health to answer 200. */
  startTimeoutMs?: number;
  /** Node flags for the server process (e.g. --cpu-prof: not allowed in NODE_OPTIONS). */
  nodeArguments?: string[];
  /** The port to listen on (a restarted instance keeps its place behind nginx); default: a free one. */
  port?: number;
}

export interface RunningServer {
  baseUrl: string;
  /** Process group of the server (tsx and the node process it starts). */
  pid: number | undefined;
  port: number;
  dataDir: string;
  logFile: string;
  /** The last part of the server log, for error messages. */
  logTail: () => string;
  stop: () => Promise<void>;
}

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not read the probe port'));
        return;
      }
      const { port } = address;
      probe.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Starts the real server (`tsx src/main.ts` in server/) on a free loopback port with a fresh PGlite
 * data folder, waits for /apis/health, and returns a handle that stops it again.
 * DATABASE_URL and REDIS_URL are removed from the inherited environment: the journeys need the
 * embedded database with its demo seed.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.NODE_OPTIONS;
  Object.assign(env, {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    CAPTCHA_COMPLEXITY: '1000',
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'info',
    ...options.env,
  });

  mkdirSync(resolve(options.logFile, '..'), { recursive: true });
  const log = createWriteStream(options.logFile);
  let tail = '';
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    tail = (tail + chunk.toString('utf8')).slice(-16_000);
  };

  const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
  const child: ChildProcess = spawn(tsx, [...(options.nodeArguments ?? []), 'src/main.ts'], {
    cwd: join(repoRoot, 'server'),
    env,
    // Own process group, so that stop() also ends the node process tsx starts.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((done) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      done();
    });
  });
  child.on('error', (error) => keep(Buffer.from(`\n[spawn error] ${error.message}\n`)));

  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };

  const stop = async () => {
    if (exited === null) {
      killGroup('SIGTERM');
      const timer = sleep(10_000).then(() => 'timeout' as const);
      if ((await Promise.race([exitPromise.then(() => 'exited' as const), timer])) === 'timeout') {
        killGroup('SIGKILL');
        await exitPromise;
      }
    }
    // Whatever tsx started in the group must be gone too.
    killGroup('SIGKILL');
    await new Promise<void>((done) => log.end(done));
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited !== null) {
      const { code, signal } = exited as { code: number | null; signal: NodeJS.Signals | null };
      await stop();
      throw new Error(
        `The server exited before it was healthy (code ${code}, signal ${signal}).\n` +
          `--- server log (${options.logFile}) ---\n${tail}\n--- end of server log ---`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/apis/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        return { baseUrl, pid: child.pid, port, dataDir, logFile: options.logFile, logTail: () => tail, stop };
      }
      lastProblem = `GET /apis/health answered ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      lastProblem = `GET /apis/health failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    await sleep(250);
  }
  await stop();
  throw new Error(
    `The server did not become healthy within ${options.startTimeoutMs ?? 120_000} ms (${lastProblem}).\n` +
      `--- server log (${options.logFile}) ---\n${tail}\n--- end of server log ---`,
  );
}
