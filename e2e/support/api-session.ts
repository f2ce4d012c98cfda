// A session outside the browser: the ALTCHA challenge solved as the widget does, then POST /apis/auth/login.
// Used by the benchmark (server/bench) and by journeys that prepare data through the API.
import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';

/** Keeps `name=value` of every Set-Cookie seen, like a browser would for one origin. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair?.indexOf('=') ?? -1;
      if (!pair || separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

function isChallenge(value: unknown): value is Challenge {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['algorithm', 'challenge', 'salt', 'signature'].every((key) => typeof record[key] === 'string');
}

/**
 * Solves the server's ALTCHA challenge the way the widget does and returns the `captcha` form value:
 * base64 of JSON {algorithm, challenge, number, salt, signature}.
 */
export async function solveCaptcha(origin: string, jar: CookieJar): Promise<string> {
  const response = await fetch(`${origin}/apis/auth/captcha`, { headers: { cookie: jar.header() } });
  jar.store(response);
  const challenge: unknown = await response.json();
  if (!response.ok || !isChallenge(challenge)) {
    throw new Error(`GET /apis/auth/captcha answered ${response.status}: ${JSON.stringify(challenge).slice(0, 300)}`);
  }
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber ?? 1_000_000)
    .promise;
  if (!solution) throw new Error('the ALTCHA challenge could not be solved');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
}

export interface Credentials {
  identity: string;
  password: string;
  scope: 'organizer' | 'audience' | 'exhibitor';
}

/** Signs in through POST /apis/auth/login (captcha solved, password base64) and returns the cookie jar. */
export async function signIn(origin: string, credentials: Credentials): Promise<CookieJar> {
  const jar = new CookieJar();
  const captcha = await solveCaptcha(origin, jar);
  const form = new URLSearchParams({
    identity: credentials.identity,
    password: Buffer.from(credentials.password, 'utf8').toString('base64'),
    captcha,
    scope: credentials.scope,
  });
  const response = await fetch(`${origin}/apis/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-portal-client': 'web', cookie: jar.header() },
    body: form,
  });
  jar.store(response);
  if (!response.ok) {
    throw new Error(`POST /apis/auth/login answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  if (!jar.has('sid')) throw new Error('POST /apis/auth/login succeeded but set no sid cookie');
  return jar;
}

/** A GraphQL call as the jar's account (the journeys' API steps: what other journeys cover through the pages); its data, or it throws. */
export async function graphqlAs<T>(origin: string, jar: CookieJar, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${origin}/apis/core/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-portal-client': 'web', cookie: jar.header() },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: T; errors?: unknown };
  if (!answer.data) throw new Error(`GraphQL failed (${response.status}): ${JSON.stringify(answer.errors).slice(0, 500)}`);
  return answer.data;
}
