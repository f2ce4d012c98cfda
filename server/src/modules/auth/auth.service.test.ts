import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe('AuthService without HTTP', () => {
  it('starts, rotates and ends sessions on plain ids; the cookie is the edge’s business', async () => {
    const auth = app.portal.app.services.auth;
    const { account } = await createAccount(app, 'organizer');
    const first = await auth.startSession(undefined, account);
    expect(first).toEqual({ sessionId: expect.any(String), maxAgeSeconds: 7 * 24 * 3600 });
    expect((await auth.viewerOf(first.sessionId))?.viewer.id).toBe(account.id);
    const second = await auth.startSession(first.sessionId, account);
    expect(await auth.viewerOf(first.sessionId)).toBeUndefined();
    expect((await auth.viewerOf(second.sessionId))?.viewer.id).toBe(account.id);
    await auth.endSession(second.sessionId);
    expect(await auth.viewerOf(second.sessionId)).toBeUndefined();
  });
});
