import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '../test/test-app';
import { DatabaseExpiringStore, RedisExpiringStore, type ExpiringStore } from './expiring-store';
import type { Clock } from './clock';

/** The stores' time: starts at the real now and moves only when a test moves it. */
function movableClock() {
  let now = Date.now();
  return { clock: { now: () => now } satisfies Clock, advance: (ms: number) => void (now += ms) };
}

function behavesAsAnExpiringStore(name: string, open: (clock: Clock) => Promise<{ store: ExpiringStore; close(): Promise<void> }>) {
  describe(name, () => {
    let store: ExpiringStore;
    let close: () => Promise<void>;
    const time = movableClock();
    const key = (suffix: string) => `test:${randomBytes(4).toString('hex')}:${suffix}`;

    beforeAll(async () => {
      ({ store, close } = await open(time.clock));
    });
    afterAll(() => close());

    it('sets, gets, deletes and reports the time to live', async () => {
      const k = key('plain');
      expect(await store.get(k)).toBeUndefined();
      await store.set(k, 'v1', 60);
      expect(await store.get(k)).toBe('v1');
      expect(await store.ttl(k)).toBeGreaterThan(55);
      await store.delete(k);
      expect(await store.get(k)).toBeUndefined();
      expect(await store.ttl(k)).toBe(0);
    });

    it('stores once with setIfAbsent, even when raced', async () => {
      const k = key('once');
      const results = await Promise.all(Array.from({ length: 10 }, (_, index) => store.setIfAbsent(k, String(index), 60)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('counts concurrent increments exactly and keeps the window of the first', async () => {
      const k = key('count');
      const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment(k, 60)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
      expect(await store.ttl(k)).toBeLessThanOrEqual(60);
    });

    it('forgets values when they expire by its clock, and starts a new window', async () => {
      // Thirty seconds: Redis's own TTL (the same span in real time) cannot run out during the test.
      const k = key('expiry');
      await store.set(k, 'short', 30);
      expect(await store.increment(`${k}:n`, 30)).toBe(1);
      expect(await store.increment(`${k}:n`, 30)).toBe(2);
      time.advance(29_999);
      expect(await store.get(k)).toBe('short');
      expect(await store.ttl(k)).toBe(1);
      expect(await store.setIfAbsent(k, 'taken', 60)).toBe(false);
      expect(await store.increment(`${k}:n`, 30)).toBe(3);
      time.advance(1);
      expect(await store.get(k)).toBeUndefined();
      expect(await store.ttl(k)).toBe(0);
      expect(await store.setIfAbsent(k, 'again', 60)).toBe(true);
      expect(await store.get(k)).toBe('again');
      expect(await store.increment(`${k}:n`, 60)).toBe(1);
      expect(await store.ttl(`${k}:n`)).toBe(60);
    });
  });
}

let app: TestApp;
behavesAsAnExpiringStore('DatabaseExpiringStore', async (clock) => {
  app = await createTestApp();
  const store = new DatabaseExpiringStore(app.portal.database.db, clock);
  return { store, close: async () => (await store.close(), await app.close()) };
});

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  behavesAsAnExpiringStore('RedisExpiringStore', async (clock) => {
    const store = new RedisExpiringStore(redisUrl, `portal-test-${randomBytes(4).toString('hex')}:`, clock);
    return { store, close: () => store.close() };
  });
} else {
  describe.skip('RedisExpiringStore (set REDIS_URL to run it against a real Redis; .ci/run does)', () => {
    it('is skipped without REDIS_URL', () => undefined);
  });
}
