import { createHash, randomBytes } from 'node:crypto';
import type { Scope } from '@portal/shared/auth/scopes';
import type { ExpiringStore } from '../../lib/expiring-store';

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

/**
 * Server-side sessions: a random id in the cookie, only its hash in the store (a leaked store
 * does not hand out live cookies), idle expiry by TTL and an absolute expiry from creation.
 */
export class SessionService {
  constructor(
    private readonly store: ExpiringStore,
    private readonly limits: { idleSeconds: number; absoluteSeconds: number },
  ) {}

  private key(rawId: string) {
    return `session:${createHash('sha256').update(rawId).digest('base64url')}`;
  }

  async create(accountId: string, scope: Scope, version: number): Promise<string> {
    const rawId = randomBytes(32).toString('base64url');
    const now = Date.now();
    const record: SessionRecord = { accountId, scope, version, createdAt: now, lastSeenAt: now };
    await this.store.set(this.key(rawId), JSON.stringify(record), this.limits.idleSeconds);
    return rawId;
  }

  async resolve(rawId: string | undefined): Promise<SessionRecord | undefined> {
    if (!rawId || rawId.length > 128) return undefined;
    const key = this.key(rawId);
    const stored = await this.store.get(key);
    if (!stored) return undefined;
    const record = JSON.parse(stored) as SessionRecord;
    const now = Date.now();
    if (now - record.createdAt > this.limits.absoluteSeconds * 1000) {
      await this.store.delete(key);
      return undefined;
    }
    if (now - record.lastSeenAt > TOUCH_INTERVAL_MS) {
      record.lastSeenAt = now;
      const remaining = Math.ceil((record.createdAt + this.limits.absoluteSeconds * 1000 - now) / 1000);
      await this.store.set(key, JSON.stringify(record), Math.min(this.limits.idleSeconds, remaining));
    }
    return record;
  }

  async destroy(rawId: string | undefined) {
    if (rawId) await this.store.delete(this.key(rawId));
  }
}
