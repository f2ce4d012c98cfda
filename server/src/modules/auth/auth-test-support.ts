import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import type { Scope } from '@portal/shared/auth/scopes';
import { solveCaptcha } from '../../test/captcha';
import type { DevOutboxMessage, TestApp, TestClient } from '../../test/test-app';

/** Test support of the sign-in tests: the forms as the login page posts them, and the dev outbox. */

export interface ErrorBody {
  message: string;
  reason: string;
  code: string;
}

export async function postPasswordLogin(client: TestClient, form: { identity: string; password: string; scope: Scope; captcha?: string }) {
  return client.postForm('/apis/auth/login', {
    identity: form.identity,
    password: encodePasswordForTransport(form.password),
    captcha: form.captcha ?? (await solveCaptcha(client)),
    scope: form.scope,
  });
}

export function postCodeLogin(client: TestClient, form: { identity: string; code: string; scope: Scope }) {
  return client.postForm('/apis/auth/login', form);
}

export async function requestCode(client: TestClient, identity: string, purpose: 'login' | 'register' = 'login', scope: Scope = 'audience') {
  return client.postForm('/apis/auth/code', { identity, purpose, scope, captcha: await solveCaptcha(client) });
}

/** The newest message the dev outbox holds for the recipient (read from its table). */
export async function latestOutboxMessage(client: TestClient, recipient: string): Promise<DevOutboxMessage | undefined> {
  const [row] = await client.devOutbox(recipient, 1);
  return row;
}

export async function latestCodeSentTo(client: TestClient, recipient: string): Promise<string> {
  const code = (await latestOutboxMessage(client, recipient))?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

/** Moves the time every sign-in rule sees (the store's own TTLs follow the real clock). */
export function advanceClock(app: TestApp, milliseconds: number) {
  const clock = app.portal.app.services.clock;
  const previous = clock.now;
  clock.now = () => previous() + milliseconds;
}

export async function countOutboxMessages(client: TestClient, recipient: string) {
  return (await client.devOutbox(recipient, 100)).length;
}
