import { mkdirSync, openSync, closeSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The common type of the PGlite and node-postgres Drizzle clients: services never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A service method takes either the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');

export class DataDirLockedError extends Error {}

/**
 * Two processes must never open one PGlite folder: a lock file with our pid guards it,
 * and a stale lock (its process gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => unlinkSync(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by process ${holder}. Stop it, or set DATA_DIR to another folder.`,
        );
      }
      unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string; inMemory?: boolean }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    // An idle client that loses its connection (database restart, failover) must not crash the process;
    // the pool replaces it, and the next query reports any lasting outage.
    pool.on('error', (error) => console.error('PostgreSQL pool: idle client error', error.message));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const release = options.inMemory ? () => undefined : lockDataDir(options.dataDir);
  // PGlite starts with fsync off (-F); an admitted scan or a submitted application must survive a crash.
  const startParams = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'fsync=on'];
  const client = new PGlite(options.inMemory ? undefined : join(options.dataDir, 'pgdata'), { startParams });
  try {
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      async close() {
        try {
          if (!options.inMemory) await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
