import type { AccountModel } from '../modules/account/account.models';
import { SESSION_COOKIE } from '../modules/auth/session-cookie';
import type { TestApp, TestClient } from './test-app';

/**
 * Gives a client a session for the account without the login form, for tests of what a signed-in
 * viewer may do (the login form itself is tested in modules/auth).
 */
export async function signInDirectly(app: TestApp, client: TestClient, account: AccountModel) {
  const sessionId = await app.portal.app.services.sessions.create(account.id, account.scope, account.sessionVersion);
  client.cookies.set(SESSION_COOKIE, sessionId);
}
