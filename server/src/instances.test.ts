import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { like } from 'drizzle-orm';
import { useTwoInstances } from './test/test-app';
import { outboxMessages } from './db/schema/index';
import { createAccount } from './test/factories';
import { signInDirectly } from './test/sessions';
import type { ExpiringStore } from './lib/expiring-store';
import { SharedSchedule } from './lib/shared-schedule';

// Two server instances over one PostgreSQL database and one Redis (DESIGN §2: nothing shared lives in one
// process). The three-process proof behind nginx is `npm run test:cluster`; these run in CI's PostgreSQL phase.
describe.skipIf(!process.env.DATABASE_URL)('state shared by server instances', () => {
  const instances = useTwoInstances();

  it('delivers each notice exactly once while both instances run the outbox', async () => {
    const batch = randomBytes(4).toString('hex');
    const items = Array.from({ length: 30 }, (_, index) => ({
      dedupeKey: `instances-test:${batch}:${index}`,
      message: { kind: 'email' as const, to: `n${index}.${batch}@example.com`, subject: 'notice', text: `notice ${index}` },
    }));
    await instances.first.portal.app.services.notices.enqueue(instances.first.portal.database.db, items);
    await Promise.all([instances.first, instances.second, instances.first, instances.second].map((instance) => instance.portal.app.services.notices.drain()));
    const delivered = await instances.first.portal.database.db.select({ recipient: outboxMessages.recipient }).from(outboxMessages).where(like(outboxMessages.recipient, `%.${batch}@example.com`));
    expect(delivered).toHaveLength(items.length);
    expect(new Set(delivered.map((row) => row.recipient)).size).toBe(items.length);
  });

  it('runs a scheduled task once per period, not once per instance', async () => {
    const name = `instances-test-${randomBytes(4).toString('hex')}`;
    let runs = 0;
    const task = async () => void (runs += 1);
    // Each instance's schedule over its own store, counting the lease attempts (one per tick), so the test
    // waits for both to have tried several times instead of for a guessed time.
    const attempts = [0, 0];
    const schedules = [instances.first, instances.second].map((instance, index) => {
      const store = instance.portal.store;
      const counting: ExpiringStore = Object.assign(Object.create(store) as ExpiringStore, {
        setIfAbsent: async (key: string, value: string, ttlSeconds: number) => {
          const taken = await store.setIfAbsent(key, value, ttlSeconds);
          attempts[index] = (attempts[index] ?? 0) + 1;
          return taken;
        },
      });
      return new SharedSchedule(counting, instance.portal.app.log);
    });
    for (const schedule of schedules) schedule.every(name, 60_000, task, { tickMs: 20 });
    try {
      await vi.waitFor(() => expect(Math.min(...attempts)).toBeGreaterThanOrEqual(5), { timeout: 30_000, interval: 20 });
    } finally {
      for (const schedule of schedules) schedule.stop();
    }
    expect(runs).toBe(1);
  });

  it('sees a show day added on the other instance at the next scan', async () => {
    expect(await instances.second.portal.app.services.show.showDaySet()).not.toContain('2031-05-02');
    await instances.first.portal.app.services.show.upsertShowDay({ day: '2031-05-02', capacity: 10, deadline: new Date('2031-05-02T09:00:00+08:00') });
    expect(await instances.second.portal.app.services.show.showDaySet()).toContain('2031-05-02');
  });

  it('a session begun on one instance is used on the other and ends on both at sign-out', async () => {
    const { account } = await createAccount(instances.first, 'audience');
    const onFirst = instances.first.client();
    await signInDirectly(instances.first, onFirst, account);
    const onSecond = instances.second.client();
    for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
    const viewer = '{ viewer { ... on User { id } } }';
    const before = await onSecond.graphql(viewer);
    expect(before.body).toEqual({ data: { viewer: { id: account.id } } });
    expect((await onFirst.fetch('/apis/auth/logout', { method: 'POST' })).status).toBeLessThan(400);
    const after = await onSecond.graphql(viewer);
    expect(after.body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
  });
});
