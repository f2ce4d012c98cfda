import { Redis } from 'ioredis';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { kvEntries } from '../db/schema/index';
import { systemClock, type Clock } from './clock';

/**
 * Short-lived shared state: sessions, single-use captcha solutions, throttles, verification codes.
 * Redis when REDIS_URL is set (several instances share it), else a table of the database. Expiry follows
 * the injected clock (tests move it instead of waiting); with the system clock it is the store's own TTL.
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

  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {
    // Expired rows are ignored on read; the sweep only keeps the table small.
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), 10 * 60_000);
    this.sweeper.unref();
  }

  /** The clock's now, and the expiry `ttlSeconds` after it. */
  private times(ttlSeconds = 0) {
    const now = this.clock.now();
    return { now: new Date(now), expiresAt: new Date(now + ttlSeconds * 1000) };
  }

  async get(key: string) {
    const { now } = this.times();
    const [row] = await this.db
      .select({ value: kvEntries.value })
      .from(kvEntries)
      .where(and(eq(kvEntries.key, key), gt(kvEntries.expiresAt, now)));
    return row?.value;
  }

  async set(key: string, value: string, ttlSeconds: number) {
    const { expiresAt } = this.times(ttlSeconds);
    await this.db.insert(kvEntries).values({ key, value, expiresAt }).onConflictDoUpdate({ target: kvEntries.key, set: { value, expiresAt } });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    const { now, expiresAt } = this.times(ttlSeconds);
    const rows = await this.db
      .insert(kvEntries)
      .values({ key, value, expiresAt })
      .onConflictDoUpdate({ target: kvEntries.key, set: { value, expiresAt }, setWhere: lte(kvEntries.expiresAt, now) })
      .returning({ key: kvEntries.key });
    return rows.length === 1;
  }

  async increment(key: string, ttlSeconds: number) {
    const { now, expiresAt } = this.times(ttlSeconds);
    const expired = sql`${kvEntries.expiresAt} <= ${now}`;
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
    const { now } = this.times();
    const [row] = await this.db
      .select({ expiresAt: kvEntries.expiresAt })
      .from(kvEntries)
      .where(and(eq(kvEntries.key, key), gt(kvEntries.expiresAt, now)));
    return row ? Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000) : 0;
  }

  async delete(key: string) {
    await this.db.delete(kvEntries).where(eq(kvEntries.key, key));
  }

  async ping() {
    await this.db.execute(sql`select 1`);
  }

  async sweep() {
    await this.db.delete(kvEntries).where(lte(kvEntries.expiresAt, this.times().now));
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

/**
 * A stored value carries its expiry by the injected clock: `\x1e<expires at, ms>\x1e<value>`; Redis's
 * own TTL (the same span, counted by Redis) removes it. A value without the mark (written before the
 * mark existed) lives by Redis's TTL alone.
 */
const MARK = '\x1e';
/** In Lua: the marked value's expiry (ms), its value, or nil for an unmarked one. */
const LUA_READ = `
local function read(raw)
  if not raw or string.byte(raw, 1) ~= 30 then return nil end
  local sep = string.find(raw, '\\30', 2, true)
  return tonumber(string.sub(raw, 2, sep - 1)), string.sub(raw, sep + 1)
end`;
/** KEYS[1]; ARGV: now (ms), marked value, ttl (ms). 1 when stored. */
const SET_IF_ABSENT = `${LUA_READ}
local raw = redis.call('GET', KEYS[1])
if raw then
  local expires = read(raw)
  if not expires or expires > tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;
/** KEYS[1]; ARGV: now (ms), ttl (ms). The new count; the window (and its expiry) starts at the first. */
const INCREMENT = `${LUA_READ}
local now = tonumber(ARGV[1])
local raw = redis.call('GET', KEYS[1])
local count, expires = 0, nil
if raw then
  local marked, value = read(raw)
  if not marked then
    count, expires = tonumber(raw) or 0, now + math.max(redis.call('PTTL', KEYS[1]), 1)
  elseif marked > now then
    count, expires = tonumber(value), marked
  end
end
if not expires then expires = now + tonumber(ARGV[2]) end
count = count + 1
redis.call('SET', KEYS[1], '\\30' .. string.format('%d', expires) .. '\\30' .. count, 'PX', string.format('%d', expires - now))
return count`;

type ScriptedRedis = Redis & {
  storeSetIfAbsent(key: string, now: number, value: string, ttlMs: number): Promise<number>;
  storeIncrement(key: string, now: number, ttlMs: number): Promise<number>;
};

export class RedisExpiringStore implements ExpiringStore {
  private readonly redis: ScriptedRedis;

  constructor(
    url: string,
    private readonly prefix = 'portal:',
    private readonly clock: Clock = systemClock,
  ) {
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    redis.defineCommand('storeSetIfAbsent', { numberOfKeys: 1, lua: SET_IF_ABSENT });
    redis.defineCommand('storeIncrement', { numberOfKeys: 1, lua: INCREMENT });
    this.redis = redis as ScriptedRedis;
  }

  /** The value and its expiry by the clock (undefined for an unmarked value), or nothing once expired. */
  private async read(key: string): Promise<{ value: string; expiresAt: number | undefined } | undefined> {
    const raw = await this.redis.get(this.prefix + key);
    if (raw === null) return undefined;
    if (!raw.startsWith(MARK)) return { value: raw, expiresAt: undefined };
    const separator = raw.indexOf(MARK, 1);
    const expiresAt = Number(raw.slice(1, separator));
    return expiresAt > this.clock.now() ? { value: raw.slice(separator + 1), expiresAt } : undefined;
  }

  private marked(value: string, ttlSeconds: number) {
    return `${MARK}${this.clock.now() + ttlSeconds * 1000}${MARK}${value}`;
  }

  async get(key: string) {
    return (await this.read(key))?.value;
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.prefix + key, this.marked(value, ttlSeconds), 'PX', ttlSeconds * 1000);
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return (await this.redis.storeSetIfAbsent(this.prefix + key, this.clock.now(), this.marked(value, ttlSeconds), ttlSeconds * 1000)) === 1;
  }

  async increment(key: string, ttlSeconds: number) {
    return Number(await this.redis.storeIncrement(this.prefix + key, this.clock.now(), ttlSeconds * 1000));
  }

  async ttl(key: string) {
    const entry = await this.read(key);
    if (!entry) return 0;
    if (entry.expiresAt === undefined) return Math.max(0, await this.redis.ttl(this.prefix + key));
    return Math.ceil((entry.expiresAt - this.clock.now()) / 1000);
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
