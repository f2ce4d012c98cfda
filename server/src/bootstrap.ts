import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DatabaseExpiringStore, RedisExpiringStore, type ExpiringStore } from './lib/expiring-store';
import { openInvalidationBus } from './lib/invalidation-bus';
import { openAdmissionLedger } from './lib/admission-ledger';
import { buildApp } from './app';
import type { Lifecycle } from './modules/health/health.routes';

export interface RunningPortal {
  app: FastifyInstance;
  database: DatabaseHandle;
  store: ExpiringStore;
  lifecycle: Lifecycle;
  /**
   * The graceful shutdown: readiness turns 503 (kept for SHUTDOWN_DRAIN_SECONDS), the port closes, the
   * requests in flight finish, the outbox delivers what they committed, the pools close — all within
   * SHUTDOWN_TIMEOUT_SECONDS, after which the connections still open are cut. True when nothing was cut.
   */
  close(): Promise<boolean>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves to true when `work` settles before the deadline, false when the deadline comes first. */
async function settlesBefore(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the database (migrations run in-process), the shared store and the app; used by main.ts and the tests. */
export async function startPortal(
  config: Config,
  options: { inMemoryDatabase?: boolean; storePrefix?: string; logStream?: DestinationStream } = {},
): Promise<RunningPortal> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, inMemory: options.inMemoryDatabase });
  const store = config.REDIS_URL ? new RedisExpiringStore(config.REDIS_URL, options.storePrefix) : new DatabaseExpiringStore(database.db);
  const bus = await openInvalidationBus({ redisUrl: config.REDIS_URL, prefix: options.storePrefix, onlyInstance: database.kind === 'pglite' }).catch(async (error: unknown) => {
    await store.close();
    await database.close();
    throw error;
  });
  const admission = openAdmissionLedger(config, options.storePrefix);
  const lifecycle: Lifecycle = { draining: false, closing: false };
  try {
    const app = await buildApp({ config, database, store, bus, admission, lifecycle, logStream: options.logStream });
    await app.services.accounts.ensureRoles();
    const sealed = await app.services.personalData.sealIdNumbers();
    if (sealed > 0) app.log.info({ sealed }, 'ID numbers encrypted at rest');
    let closing: Promise<boolean> | undefined;
    const shutdown = async () => {
      lifecycle.draining = true;
      if (config.SHUTDOWN_DRAIN_SECONDS > 0) await sleep(config.SHUTDOWN_DRAIN_SECONDS * 1000);
      const deadline = Date.now() + config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
      app.services.schedule.stop();
      app.services.notices.stop();
      // A review job's batch in flight finishes; the job is let go for another instance.
      const jobsStopped = app.services.reviewJobs.stopWorker();
      // Fastify stops listening, closes idle keep-alive connections and waits for the requests in flight; a request
      // that still comes on a busy connection is told to come back (lifecycle.closing, app.ts).
      lifecycle.closing = true;
      const closed = app.close();
      let inTime = await settlesBefore(closed, deadline);
      if (!inTime) {
        app.log.warn({ timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown: requests still running at the deadline; connections cut');
        app.server.closeAllConnections();
        await closed;
      }
      // Notices of decisions that just committed are tried before the process goes (the rest wait in the outbox).
      if (!(await settlesBefore(app.services.notices.drain(), deadline))) {
        app.log.warn('shutdown: notice delivery still running at the deadline; the outbox keeps the rest');
        inTime = false;
      }
      if (!(await settlesBefore(jobsStopped, deadline))) {
        app.log.warn('shutdown: a review job batch still running at the deadline; its lease lets another instance go on');
        inTime = false;
      }
      await app.services.faces.close();
      await app.services.heavyWork.close();
      await app.services.admission.close();
      await bus.close();
      await store.close();
      await database.close();
      return inTime;
    };
    return {
      app,
      database,
      store,
      lifecycle,
      close() {
        closing ??= shutdown();
        return closing;
      },
    };
  } catch (error) {
    await admission.close();
    await bus.close();
    await store.close();
    await database.close();
    throw error;
  }
}
