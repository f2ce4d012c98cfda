import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SessionService } from './session.service';

/** A clock the test moves; the store's own TTL is longer than any step taken here. */
function movableClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) };
}

describe('SessionService', () => {
  let app: TestApp;
  let sessions: SessionService;
  const clock = movableClock();
  beforeAll(async () => {
    app = await createTestApp();
    sessions = new SessionService(app.portal.store, clock, { idleSeconds: 60, absoluteSeconds: 3600 });
  });
  afterAll(() => app.close());

  it('resolves a new session and forgets a destroyed one', async () => {
    const id = await sessions.create('00000000-0000-0000-0000-000000000001', 'organizer', 0);
    expect(await sessions.resolve(id)).toMatchObject({ accountId: '00000000-0000-0000-0000-000000000001', scope: 'organizer' });
    await sessions.destroy(id);
    expect(await sessions.resolve(id)).toBeUndefined();
  });

  it('ends after the idle time', async () => {
    const id = await sessions.create('00000000-0000-0000-0000-000000000002', 'audience', 0);
    clock.advance(61_000);
    expect(await sessions.resolve(id)).toBeUndefined();
  });

  it('ends at the absolute limit even when in use', async () => {
    const longIdleClock = movableClock();
    const longIdle = new SessionService(app.portal.store, longIdleClock, { idleSeconds: 3600, absoluteSeconds: 60 });
    const id = await longIdle.create('00000000-0000-0000-0000-000000000003', 'exhibitor', 0);
    longIdleClock.advance(61_000);
    expect(await longIdle.resolve(id)).toBeUndefined();
  });

  it('ignores ids that were never issued', async () => {
    expect(await sessions.resolve('forged')).toBeUndefined();
    expect(await sessions.resolve(undefined)).toBeUndefined();
    expect(await sessions.resolve('x'.repeat(500))).toBeUndefined();
  });
});
