import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { Config } from '../config';

/** What the ledger answers a ticket that asks to enter. */
export type Entry =
  | { kind: 'admitted' }
  /** Waiting in the queue with `ahead` tickets before it, for `slots` slots across every instance. */
  | { kind: 'queued'; ahead: number; slots: number }
  /** The queue is at its bound: not queued. */
  | { kind: 'full'; queued: number };

export interface LedgerBounds {
  /** Costly operations in flight on one instance. */
  inFlightPerInstance: number;
  /** Tickets waiting, across every instance. */
  queue: number;
  /** A slot not renewed for this long is free again (its instance died). */
  leaseMs: number;
}

/**
 * Who holds a slot and who waits, in arrival order: Redis when several instances serve (every one sees the
 * same queue), the process otherwise.
 */
export interface AdmissionLedger {
  /**
   * Admits the ticket when its instance has a free slot and no earlier ticket waits for the free slots
   * before it; else queues it at the tail (once; a queued ticket keeps its place) or refuses it when the
   * queue is at its bound. A queued ticket asks again to learn whether its turn has come; each ask keeps its
   * place for `keepPlaceMs` more.
   */
  enter(ticket: string, keepPlaceMs: number): Promise<Entry>;
  /** Frees the ticket's slot, or its place in the queue. */
  leave(ticket: string): Promise<void>;
  /** Keeps this instance and the slots of its tickets alive for another lease. */
  renew(tickets: readonly string[]): Promise<void>;
  /** Slots held and tickets waiting, across every instance. */
  load(): Promise<{ inFlight: number; queued: number }>;
  close(): Promise<void>;
}

/** One process: the slots and the queue in memory. */
export class LocalAdmissionLedger implements AdmissionLedger {
  private readonly held = new Set<string>();
  /** Ticket → when its place lapses (ms); a Map keeps insertion order, which is the queue's order. */
  private readonly waiting = new Map<string, number>();

  constructor(
    private readonly bounds: LedgerBounds,
    private readonly now: () => number = Date.now,
  ) {}

  async enter(ticket: string, keepPlaceMs: number): Promise<Entry> {
    const now = this.now();
    for (const [waiting, lapsesAt] of this.waiting) if (lapsesAt <= now) this.waiting.delete(waiting);
    const free = this.bounds.inFlightPerInstance - this.held.size;
    if (!this.waiting.has(ticket)) {
      if (this.waiting.size === 0 && free > 0) return this.admit(ticket);
      if (this.waiting.size >= this.bounds.queue) return { kind: 'full', queued: this.waiting.size };
      this.waiting.set(ticket, now + keepPlaceMs);
      return { kind: 'queued', ahead: this.waiting.size - 1, slots: this.bounds.inFlightPerInstance };
    }
    const ahead = [...this.waiting.keys()].indexOf(ticket);
    if (ahead < free) {
      this.waiting.delete(ticket);
      return this.admit(ticket);
    }
    this.waiting.set(ticket, now + keepPlaceMs);
    return { kind: 'queued', ahead, slots: this.bounds.inFlightPerInstance };
  }

  private admit(ticket: string): Entry {
    this.held.add(ticket);
    return { kind: 'admitted' };
  }

  async leave(ticket: string) {
    this.held.delete(ticket);
    this.waiting.delete(ticket);
  }

  /** Nothing lapses in one process: a slot is held until its task ends. */
  async renew() {}

  async load() {
    return { inFlight: this.held.size, queued: this.waiting.size };
  }

  async close() {}
}

/**
 * The Redis keys (under the store's prefix): `admission:leases` (ZSET "instance|ticket" → lease end, ms),
 * `admission:queue` (ZSET ticket → arrival number), `admission:places` (ZSET ticket → when its place
 * lapses), `admission:instances` (ZSET instance → lease end), `admission:arrivals` (the arrival counter).
 * Times are Redis's own clock (TIME), so instances with skewed clocks agree.
 */
const CLEAN = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now)
for _, ticket in ipairs(lapsed) do
  redis.call('ZREM', KEYS[2], ticket)
  redis.call('ZREM', KEYS[3], ticket)
end`;
/** Every key lives a while past the last use, so that a gate no one uses leaves nothing behind. */
const KEEP_KEYS = `
for _, key in ipairs(KEYS) do redis.call('PEXPIRE', key, 600000) end`;
/** ARGV: instance, ticket, per-instance slots, queue bound, lease (ms), keep place (ms). Answers {1} admitted, {0, ahead, slots} queued, {-1, queued} full. */
const ENTER = `${CLEAN}
local instance, ticket = ARGV[1], ARGV[2]
local perInstance, queueBound = tonumber(ARGV[3]), tonumber(ARGV[4])
local leaseMs, keepMs = tonumber(ARGV[5]), tonumber(ARGV[6])
redis.call('ZADD', KEYS[4], now + leaseMs, instance)
local leases = redis.call('ZRANGE', KEYS[1], 0, -1)
local mine = 0
local prefix = instance .. '|'
for _, lease in ipairs(leases) do
  if string.sub(lease, 1, #prefix) == prefix then mine = mine + 1 end
end
local slots = perInstance * redis.call('ZCARD', KEYS[4])
local free = slots - #leases
local result
local ahead = redis.call('ZRANK', KEYS[2], ticket)
if not ahead then
  local queued = redis.call('ZCARD', KEYS[2])
  if queued == 0 and free > 0 and mine < perInstance then
    redis.call('ZADD', KEYS[1], now + leaseMs, prefix .. ticket)
    result = {1, 0}
  elseif queued >= queueBound then
    result = {-1, queued}
  else
    redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[5]), ticket)
    redis.call('ZADD', KEYS[3], now + keepMs, ticket)
    result = {0, queued, slots}
  end
elseif ahead < free and mine < perInstance then
  redis.call('ZREM', KEYS[2], ticket)
  redis.call('ZREM', KEYS[3], ticket)
  redis.call('ZADD', KEYS[1], now + leaseMs, prefix .. ticket)
  result = {1, 0}
else
  redis.call('ZADD', KEYS[3], now + keepMs, ticket)
  result = {0, ahead, slots}
end
${KEEP_KEYS}
return result`;
/** ARGV: instance, lease (ms), the instance's tickets. Only leases still held are extended (XX). */
const RENEW = `${CLEAN}
local leaseMs = tonumber(ARGV[2])
redis.call('ZADD', KEYS[4], now + leaseMs, ARGV[1])
for index = 3, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + leaseMs, ARGV[1] .. '|' .. ARGV[index]) end
${KEEP_KEYS}
return 1`;
const LOAD = `${CLEAN}
return {redis.call('ZCARD', KEYS[1]), redis.call('ZCARD', KEYS[2])}`;

type LedgerRedis = Redis & {
  admissionEnter(...keysAndArgs: Array<string | number>): Promise<[number, number, number?]>;
  admissionRenew(...keysAndArgs: Array<string | number>): Promise<number>;
  admissionLoad(...keys: string[]): Promise<[number, number]>;
};

/** Several instances: the slots and the queue in Redis, each slot a lease its instance renews. */
export class RedisAdmissionLedger implements AdmissionLedger {
  private readonly redis: LedgerRedis;
  private readonly keys: string[];

  constructor(
    url: string,
    prefix: string,
    /** This instance's name in the leases (unique per process). */
    private readonly instance: string,
    private readonly bounds: LedgerBounds,
  ) {
    const redis = new Redis(url, { maxRetriesPerRequest: 2 });
    redis.defineCommand('admissionEnter', { numberOfKeys: 5, lua: ENTER });
    redis.defineCommand('admissionRenew', { numberOfKeys: 5, lua: RENEW });
    redis.defineCommand('admissionLoad', { numberOfKeys: 5, lua: LOAD });
    this.redis = redis as LedgerRedis;
    this.keys = ['leases', 'queue', 'places', 'instances', 'arrivals'].map((name) => `${prefix}admission:${name}`);
  }

  async enter(ticket: string, keepPlaceMs: number): Promise<Entry> {
    const { inFlightPerInstance, queue, leaseMs } = this.bounds;
    const [code, count, slots] = await this.redis.admissionEnter(...this.keys, this.instance, ticket, inFlightPerInstance, queue, leaseMs, Math.ceil(keepPlaceMs));
    if (code === 1) return { kind: 'admitted' };
    return code === 0 ? { kind: 'queued', ahead: count, slots: slots ?? inFlightPerInstance } : { kind: 'full', queued: count };
  }

  async leave(ticket: string) {
    const [leases, queue, places] = this.keys as [string, string, string];
    await this.redis.multi().zrem(leases, `${this.instance}|${ticket}`).zrem(queue, ticket).zrem(places, ticket).exec();
  }

  async renew(tickets: readonly string[]) {
    await this.redis.admissionRenew(...this.keys, this.instance, this.bounds.leaseMs, ...tickets);
  }

  async load() {
    const [inFlight, queued] = await this.redis.admissionLoad(...this.keys);
    return { inFlight, queued };
  }

  /** Leaves the instance's heartbeat to lapse: its slots were freed as its tasks ended. */
  async close() {
    await this.redis.zrem(this.keys[3] as string, this.instance).catch(() => undefined);
    await this.redis.quit();
  }
}

/** The ledger the configuration asks for: Redis when REDIS_URL is set, the process otherwise. */
export function openAdmissionLedger(config: Config, prefix = 'portal:'): AdmissionLedger {
  const bounds = { inFlightPerInstance: config.ADMISSION_IN_FLIGHT, queue: config.ADMISSION_QUEUE, leaseMs: config.ADMISSION_LEASE_SECONDS * 1000 };
  if (!config.REDIS_URL) return new LocalAdmissionLedger(bounds);
  return new RedisAdmissionLedger(config.REDIS_URL, prefix, `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, bounds);
}
