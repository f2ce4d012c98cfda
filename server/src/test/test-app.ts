import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { DestinationStream } from 'pino';
import { parseConfig } from '../config';
import { startPortal, type RunningPortal } from '../bootstrap';
import { toInternationalMobile } from '@portal/shared/mobile/mobile-number';
import { CLIENT_HEADER } from '../lib/csrf-guard';
import { latestOutboxMessages } from '../modules/messaging/dev-outbox.repository';

export interface TestApp {
  portal: RunningPortal;
  baseUrl: string;
  /** The PostgreSQL database (undefined on PGlite) and the Redis key prefix: what a second instance shares. */
  databaseUrl: string | undefined;
  storePrefix: string;
  /** A new browser-like client with its own cookie jar. */
  client(options?: { locale?: string }): TestClient;
  close(): Promise<void>;
}

/**
 * A real server on a random port over a fresh database: in-memory PGlite by default, or a
 * throw-away PostgreSQL database (and a Redis key prefix) when DATABASE_URL / REDIS_URL are set;
 * `shared` joins another instance's database and store instead.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: DestinationStream; shared?: { databaseUrl: string; storePrefix: string } } = {},
): Promise<TestApp> {
  const adminUrl = process.env.DATABASE_URL;
  const suffix = randomBytes(6).toString('hex');
  const ownsDatabase = Boolean(adminUrl) && !options.shared;
  const databaseUrl = options.shared?.databaseUrl ?? (adminUrl ? await createThrowAwayDatabase(adminUrl, `portal_test_${suffix}`) : undefined);
  const storePrefix = options.shared?.storePrefix ?? `portal-test-${suffix}:`;
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CAPTCHA_COMPLEXITY: '1000',
    APP_SECRET: 'test-secret-test-secret-test-secret-0000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const portal = await startPortal(config, { inMemoryDatabase: !databaseUrl, storePrefix, logStream: options.logStream });
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const address = portal.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    portal,
    baseUrl,
    databaseUrl,
    storePrefix,
    client: (options) =>
      new TestClient(baseUrl, options?.locale, (recipient, limit) =>
        latestOutboxMessages(portal.database.db, toInternationalMobile(recipient).toLowerCase(), limit),
      ),
    async close() {
      await portal.close();
      if (adminUrl && ownsDatabase) await dropDatabase(adminUrl, `portal_test_${suffix}`);
    },
  };
}

/**
 * Another server instance over the same PostgreSQL database as `first` and the same Redis keys (when
 * REDIS_URL is set): for rules that must hold across instances. PGlite cannot be shared: only where
 * DATABASE_URL is set. The first instance must be closed last (it drops the database).
 */
export function createSecondInstance(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  if (!first.databaseUrl) throw new Error('a second instance needs PostgreSQL (DATABASE_URL)');
  return createTestApp(env, { shared: { databaseUrl: first.databaseUrl, storePrefix: first.storePrefix } });
}

export interface TwoInstances {
  first: TestApp;
  second: TestApp;
}

/**
 * Two instances on one PostgreSQL database (and Redis), started before the enclosing block's tests and
 * closed after them; read `first` and `second` inside the tests.
 */
export function useTwoInstances(): TwoInstances {
  const instances = {} as TwoInstances;
  beforeAll(async () => {
    instances.first = await createTestApp();
    instances.second = await createSecondInstance(instances.first);
  }, 60_000);
  afterAll(async () => {
    await instances.second?.close();
    await instances.first?.close();
  });
  return instances;
}

async function createThrowAwayDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A message of the dev outbox, newest first (tests read the table: no HTTP endpoint serves it). */
export interface DevOutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  at: Date;
}

export interface GraphQLResponse<TData = Record<string, unknown>> {
  data?: TData | null;
  errors?: Array<{ message: string; path?: string[]; extensions: { classification: string; code: string; [key: string]: unknown } }>;
}

/** Speaks HTTP like the SPA: keeps cookies, sends the CSRF header and the chosen language. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly locale?: string,
    private readonly readOutbox?: (recipient: string, limit: number) => Promise<DevOutboxMessage[]>,
  ) {}

  /** What the dev outbox delivered to the recipient (e-mail, or mobile with or without +86), newest first. */
  devOutbox(recipient: string, limit = 20): Promise<DevOutboxMessage[]> {
    if (!this.readOutbox) throw new Error('this client has no dev outbox');
    return this.readOutbox(recipient, limit);
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(path: string, init: RequestInit & { csrf?: boolean } = {}) {
    const headers = new Headers(init.headers);
    if (init.csrf !== false) headers.set(CLIENT_HEADER, 'web');
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    if (this.locale) headers.set('accept-language', this.locale);
    const response = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  postForm(path: string, form: Record<string, string>, init: RequestInit & { csrf?: boolean } = {}) {
    return this.fetch(path, {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
      body: new URLSearchParams(form).toString(),
    });
  }

  async graphql<TData = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, init: { csrf?: boolean } = {}) {
    const response = await this.fetch('/apis/core/graphql', {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as GraphQLResponse<TData> };
  }
}
