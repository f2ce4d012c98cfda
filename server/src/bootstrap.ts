import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DatabaseExpiringStore, RedisExpiringStore, type ExpiringStore } from './lib/expiring-store';
import { openInvalidationBus } from './lib/invalidation-bus';
import { buildApp } from './app';

export interface RunningPortal {
  app: FastifyInstance;
  database: DatabaseHandle;
  store: ExpiringStore;
  close(): Promise<void>;
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
  try {
    const app = await buildApp({ config, database, store, bus, logStream: options.logStream });
    await app.services.accounts.ensureRoles();
    const sealed = await app.services.personalData.sealIdNumbers();
    if (sealed > 0) app.log.info({ sealed }, 'ID numbers encrypted at rest');
    return {
      app,
      database,
      store,
      async close() {
        app.services.personalData.stop();
        app.services.notices.stop();
        await app.close();
        // Notices of decisions that just committed are tried before the process goes (the rest wait in the outbox).
        await app.services.notices.drain();
        await app.services.faces.close();
        await bus.close();
        await store.close();
        await database.close();
      },
    };
  } catch (error) {
    await bus.close();
    await store.close();
    await database.close();
    throw error;
  }
}
