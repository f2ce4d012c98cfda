import { AppError } from '../../lib/app-error';
import type { ExpiringStore } from '../../lib/expiring-store';
import { hashedKey } from './store-keys';

export interface LoginThrottleLimits {
  identityMaxFailures: number;
  ipMaxFailures: number;
  lockSeconds: number;
}

/**
 * Locks sign-in for an identity, or for an address, after too many failed attempts within the lock
 * window. Counts live in the shared store, so every instance sees them. The identity key is counted
 * whether or not an account exists, so a lock tells nothing about registration.
 */
export class LoginThrottleService {
  constructor(
    private readonly store: ExpiringStore,
    private readonly limits: LoginThrottleLimits,
  ) {}

  private keys(kind: 'identity' | 'ip', value: string) {
    return { failures: hashedKey(`login-failures:${kind}`, value), lock: hashedKey(`login-lock:${kind}`, value) };
  }

  /** Throws AUTH_TOO_MANY_ATTEMPTS (with the minutes left) while the identity or the address is locked. */
  async assertAllowed(identity: string, ip: string): Promise<void> {
    const [identityLock, ipLock] = await Promise.all([
      this.store.ttl(this.keys('identity', identity).lock),
      this.store.ttl(this.keys('ip', ip).lock),
    ]);
    const lockedSeconds = Math.max(identityLock, ipLock);
    if (lockedSeconds > 0) throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { minutes: Math.ceil(lockedSeconds / 60) }).retryAfter(lockedSeconds);
  }

  /** Counts a failed guess against the address, and against the identity when one is given. */
  async recordFailure(identity: string | undefined, ip: string): Promise<void> {
    await Promise.all([
      identity === undefined ? undefined : this.countFailure(this.keys('identity', identity), this.limits.identityMaxFailures),
      this.countFailure(this.keys('ip', ip), this.limits.ipMaxFailures),
    ]);
  }

  /** A success clears the identity's count; the address keeps its own (one address, many identities). */
  async recordSuccess(identity: string): Promise<void> {
    await this.store.delete(this.keys('identity', identity).failures);
  }

  private async countFailure(keys: { failures: string; lock: string }, maxFailures: number) {
    const failures = await this.store.increment(keys.failures, this.limits.lockSeconds);
    if (failures >= maxFailures) {
      // The lock lasts the full window from the last failure, however the failures were spread.
      await this.store.set(keys.lock, '1', this.limits.lockSeconds);
      await this.store.delete(keys.failures);
    }
  }
}
