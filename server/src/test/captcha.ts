import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import type { Scope } from '@portal/shared/auth/scopes';
import type { TestClient } from './test-app';

/**
 * Fetches a challenge and solves it as the altcha widget (web dependency `altcha` 2.x) does, returning
 * what the widget submits in its form field: base64 of {algorithm, challenge, number, salt, signature, took}.
 */
export async function solveCaptcha(client: TestClient): Promise<string> {
  const response = await client.fetch('/apis/auth/captcha');
  if (!response.ok) throw new Error(`GET /apis/auth/captcha answered ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('the captcha challenge could not be solved');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Signs the client in with a password, as the login page does; throws with the server's answer otherwise. */
export async function loginAs(client: TestClient, identity: string, password: string, scope: Scope): Promise<void> {
  const response = await client.postForm('/apis/auth/login', {
    identity,
    password: encodePasswordForTransport(password),
    captcha: await solveCaptcha(client),
    scope,
  });
  if (response.status !== 200) throw new Error(`login as ${identity} failed: ${response.status} ${await response.text()}`);
}
