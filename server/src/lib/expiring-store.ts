import { Redis } from 'ioredis';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { kvEntries } from '../db/schema/index';

/**
 * Short-lived shared state: sessions, single-use captcha solutions, throttles, verification codes.
 * Redis when REDIS_URL is set (several instances share it), else a table of the database.
 */
export interface ExpiringStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Stores the value only when the key is absent (or expired); true when it was stored. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Adds one; the window starts (with its TTL) at the first increment. Returns the new count. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /** Seconds until the key expires, or 0 when it is absent. */
  ttl(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  /** Resolves when the store answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseExpiringStore implements ExpiringStore {
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly db: Database) {
    // Expired rows are ignored on read; the sweep only keeps the table small.
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), 10 * 60_000);
    this.sweeper.unref();
  }

  async get(key: string) {
    const [row] = await this.db
      .select({ value: kvEntries.value })
      .from(kvEntries)
      .where(and(eq(kvEntries.key, key), gt(kvEntries.expiresAt, sql`now()`)));
    return row?.value;
  }

  async set(key: string, value: string, ttlSeconds: number) {
    const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
    await this.db.insert(kvEntries).values({ key, value, expiresAt }).onConflictDoUpdate({ target: kvEntries.key, set: { value, expiresAt } });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
    const rows = await this.db
      .insert(kvEntries)
      .values({ key, value, expiresAt })
      .onConflictDoUpdate({ target: kvEntries.key, set: { value, expiresAt }, setWhere: lte(kvEntries.expiresAt, sql`now()`) })
      .returning({ key: kvEntries.key });
    return rows.length === 1;
  }

  async increment(key: string, ttlSeconds: number) {
    const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
    const expired = sql`${kvEntries.expiresAt} <= now()`;
    const [row] = await this.db
      .insert(kvEntries)
      .values({ key, value: '1', expiresAt })
      .onConflictDoUpdate({
        target: kvEntries.key,
        set: {
          value: sql`case when ${expired} then '1' else (${kvEntries.value}::int + 1)::text end`,
          expiresAt: sql`case when ${expired} then ${expiresAt} else ${kvEntries.expiresAt} end`,
        },
      })
      .returning({ value: kvEntries.value });
    return Number(row?.value ?? 1);
  }

  async ttl(key: string) {
    const [row] = await this.db
      .select({ seconds: sql<number>`ceil(extract(epoch from ${kvEntries.expiresAt} - now()))::int` })
      .from(kvEntries)
      .where(and(eq(kvEntries.key, key), gt(kvEntries.expiresAt, sql`now()`)));
    return row ? Number(row.seconds) : 0;
  }

  async delete(key: string) {
    await this.db.delete(kvEntries).where(eq(kvEntries.key, key));
  }

  async ping() {
    await this.db.execute(sql`select 1`);
  }

  async sweep() {
    await this.db.delete(kvEntries).where(lte(kvEntries.expiresAt, sql`now()`));
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

export class RedisExpiringStore implements ExpiringStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'portal:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async get(key: string) {
    return (await this.redis.get(this.prefix + key)) ?? undefined;
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return (await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  async increment(key: string, ttlSeconds: number) {
    const [[, count]] = (await this.redis
      .multi()
      .incr(this.prefix + key)
      .expire(this.prefix + key, ttlSeconds, 'NX')
      .exec()) as [[Error | null, number], [Error | null, number]];
    return count;
  }

  async ttl(key: string) {
    return Math.max(0, await this.redis.ttl(this.prefix + key));
  }

  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async ping() {
    await this.redis.ping();
  }

  async close() {
    await this.redis.quit();
  }
}
