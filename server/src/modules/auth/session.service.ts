import { createHash, randomBytes } from 'node:crypto';
import type { Scope } from '@portal/shared/auth/scopes';
import type { ExpiringStore } from '../../lib/expiring-store';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import type { Clock } from '../../lib/clock';

export interface SessionRecord {
  accountId: string;
  scope: Scope;
  /** The account's session version when the session began; a password change bumps it. */
  version: number;
  createdAt: number;
  lastSeenAt: number;
}

/** Stored sessions are touched at most this often, so a busy page does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;
/** Store keys of recent cookie values kept in the process (the signed-in cache's size). */
const KEYS_KEPT = 10_000;

/**
 * Server-side sessions: a random id in the cookie, only its hash in the store (a leaked store
 * does not hand out live cookies), idle expiry by TTL and an absolute expiry from creation. An ended
 * session is announced on the bus, so that every instance's cache of signed-in sessions drops it.
 */
export class SessionService {
  /**
   * Cookie value → store key of recent sessions: the SHA-256 was 2 % of a signed-in request's CPU. A pure
   * function of the cookie, so it decides nothing about the session (the store and the signed-in cache do);
   * what the hash protects is the store, and the cookie values pass through this process on every request.
   */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly store: ExpiringStore,
    private readonly clock: Clock,
    private readonly limits: { idleSeconds: number; absoluteSeconds: number },
    private readonly bus?: InvalidationBus,
  ) {}

  /** The store key of a cookie value (a hash), or undefined for a value no session could have. */
  keyOf(rawId: string | undefined): string | undefined {
    if (!rawId || rawId.length > 128) return undefined;
    const known = this.keys.get(rawId);
    if (known) return known;
    const key = `session:${createHash('sha256').update(rawId).digest('base64url')}`;
    // Oldest first in a Map: a full memo forgets its oldest entry.
    if (this.keys.size >= KEYS_KEPT) this.keys.delete(this.keys.keys().next().value as string);
    this.keys.set(rawId, key);
    return key;
  }

  async create(accountId: string, scope: Scope, version: number): Promise<string> {
    const rawId = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const record: SessionRecord = { accountId, scope, version, createdAt: now, lastSeenAt: now };
    await this.store.set(this.keyOf(rawId) as string, JSON.stringify(record), this.limits.idleSeconds);
    return rawId;
  }

  async resolve(rawId: string | undefined): Promise<SessionRecord | undefined> {
    const key = this.keyOf(rawId);
    if (!key) return undefined;
    const stored = await this.store.get(key);
    return stored ? this.keepAlive(key, JSON.parse(stored) as SessionRecord, this.clock.now()) : undefined;
  }

  /**
   * The record if the session is still live at `now` (idle and absolute limits), its idle timer in the
   * store restarted at most once a TOUCH_INTERVAL_MS; undefined once it has ended (then deleted).
   */
  async keepAlive(key: string, record: SessionRecord, now: number): Promise<SessionRecord | undefined> {
    const endsAt = this.endOf(record);
    if (this.hasEnded(record, now)) {
      await this.destroyKey(key);
      return undefined;
    }
    if (now - record.lastSeenAt <= TOUCH_INTERVAL_MS) return record;
    const touched = { ...record, lastSeenAt: now };
    await this.store.set(key, JSON.stringify(touched), Math.min(this.limits.idleSeconds, Math.ceil((endsAt - now) / 1000)));
    return touched;
  }

  /** Whether keepAlive would hand the record back as it is: live at `now`, its idle timer restarted less than TOUCH_INTERVAL_MS ago. */
  isLiveWithoutTouch(record: SessionRecord, now: number): boolean {
    return !this.hasEnded(record, now) && now - record.lastSeenAt <= TOUCH_INTERVAL_MS;
  }

  private endOf(record: SessionRecord): number {
    return record.createdAt + this.limits.absoluteSeconds * 1000;
  }

  /** Past the absolute limit, or idle longer than the idle limit. */
  private hasEnded(record: SessionRecord, now: number): boolean {
    return now > this.endOf(record) || now - record.lastSeenAt > this.limits.idleSeconds * 1000;
  }

  async destroy(rawId: string | undefined) {
    const key = this.keyOf(rawId);
    if (!key) return;
    this.keys.delete(rawId as string);
    await this.destroyKey(key);
  }

  private async destroyKey(key: string) {
    await this.store.delete(key);
    await this.bus?.publish({ kind: 'session', key });
  }
}
