import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SessionService } from './session.service';

describe('SessionService', () => {
  let app: TestApp;
  let sessions: SessionService;
  beforeAll(async () => {
    app = await createTestApp();
    sessions = new SessionService(app.portal.store, { idleSeconds: 1, absoluteSeconds: 3600 });
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('resolves a new session and forgets a destroyed one', async () => {
    const id = await sessions.create('00000000-0000-0000-0000-000000000001', 'organizer', 0);
    expect(await sessions.resolve(id)).toMatchObject({ accountId: '00000000-0000-0000-0000-000000000001', scope: 'organizer' });
    await sessions.destroy(id);
    expect(await sessions.resolve(id)).toBeUndefined();
  });

  it('ends after the idle time', async () => {
    const id = await sessions.create('00000000-0000-0000-0000-000000000002', 'audience', 0);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await sessions.resolve(id)).toBeUndefined();
  });

  it('ends at the absolute limit even when in use', async () => {
    const longIdle = new SessionService(app.portal.store, { idleSeconds: 3600, absoluteSeconds: 60 });
    const id = await longIdle.create('00000000-0000-0000-0000-000000000003', 'exhibitor', 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await longIdle.resolve(id)).toBeUndefined();
  });

  it('ignores ids that were never issued', async () => {
    expect(await sessions.resolve('forged')).toBeUndefined();
    expect(await sessions.resolve(undefined)).toBeUndefined();
    expect(await sessions.resolve('x'.repeat(500))).toBeUndefined();
  });
});
