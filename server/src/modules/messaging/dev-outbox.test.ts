import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { latestCodeSentTo, requestCode } from '../auth/auth-test-support';

let app: TestApp;
beforeAll(async () => {
  // Development mode: the mode `npm start` runs in by default.
  app = await createTestApp({ NODE_ENV: 'development' });
});
afterAll(() => app?.close());

describe('dev outbox', () => {
  it('no HTTP endpoint reveals an organizer’s sign-in code, whatever the spelling of the path', async () => {
    const { account } = await createAccount(app, 'organizer', { roles: ['ROLE_SUPER_ADMIN'] });
    const email = account.email ?? '';
    const attacker = app.client();
    expect((await requestCode(attacker, email, 'login', 'organizer')).status).toBe(200);
    const code = await latestCodeSentTo(app.client(), email);
    for (const path of ['/apis/dev/outbox', `/apis/dev/outbox?recipient=${encodeURIComponent(email)}`, '/%61pis/dev/outbox', '/apis/dev/%6Futbox', '/apis//dev/outbox']) {
      const response = await attacker.fetch(path, { headers: { accept: 'application/json' } });
      const body = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(body).not.toContain(code);
      expect(body).not.toContain(email);
    }
  });
});
