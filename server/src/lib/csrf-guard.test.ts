import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../test/factories';
import { signInDirectly } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { CLIENT_HEADER } from './csrf-guard';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const EVIL = 'https://evil.example';
/** The device API authenticates by a Bearer token a browser never sends cross-site, never by the cookie: no CSRF guard, 401 without the token. */
const DEVICE_API = '/apis/hardware/v1/';
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Every route the app registered under /apis, with its methods (from Fastify's own route table). */
function apiRoutes(): Array<{ path: string; methods: string[] }> {
  const table = app.portal.app.printRoutes({ commonPrefix: false });
  return [...table.matchAll(/(\/apis\/\S+) \(([A-Z, ]+)\)/g)].map((match) => ({
    path: (match[1] ?? '').replace(/:[a-z]+/gi, SAMPLE_ID),
    methods: (match[2] ?? '').split(', '),
  }));
}

/** The path as written, and spellings the router decodes to the same route. */
function spellings(path: string): string[] {
  const encode = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  const segments = path.split('/');
  const variants = new Set([path]);
  segments.forEach((segment, index) => {
    if (!segment) return;
    const first = [...segments];
    first[index] = encode(segment[0] ?? '') + segment.slice(1);
    variants.add(first.join('/'));
    const lower = [...segments];
    lower[index] = `%${(segment.charCodeAt(0)).toString(16).toLowerCase()}${segment.slice(1)}`;
    variants.add(lower.join('/'));
  });
  variants.add(segments.map((segment) => [...segment].map(encode).join('')).join('/'));
  return [...variants];
}

describe('CSRF guard on every /apis route, however the path is spelled', () => {
  it('finds the routes to test', () => {
    const paths = apiRoutes().map((route) => route.path);
    expect(paths).toEqual(expect.arrayContaining(['/apis/auth/login', '/apis/auth/code', '/apis/auth/logout', '/apis/core/graphql']));
  });

  it('refuses a cross-site form post without the client header, and any request from a foreign Origin', async () => {
    const client = app.client();
    const checked: string[] = [];
    for (const route of apiRoutes()) {
      const isGraphQL = route.path === '/apis/core/graphql';
      // REST reads (GET/HEAD) stay open to <img> and links; GraphQL's GET runs queries and is guarded.
      const methods = route.methods.filter((method) => method !== 'OPTIONS' && method !== 'HEAD' && (isGraphQL || method !== 'GET'));
      for (const method of methods) {
        for (const path of spellings(route.path)) {
          const body = method === 'GET' ? undefined : 'identity=admin%40example.com&code=123456&scope=organizer&query=%7Bviewer%7Bid%7D%7D';
          const query = method === 'GET' ? '?query=%7B__typename%7D' : '';
          const formPost = await client.fetch(path + query, {
            method,
            csrf: false,
            headers: body ? { 'content-type': 'application/x-www-form-urlencoded', origin: EVIL } : { origin: EVIL },
            body,
          });
          const noHeader = await client.fetch(path + query, {
            method,
            csrf: false,
            headers: body ? { 'content-type': 'text/plain' } : {},
            body,
          });
          const foreignOrigin = await client.fetch(path + query, {
            method,
            headers: { 'content-type': 'application/json', origin: EVIL },
            body: body ? JSON.stringify({ query: '{ __typename }' }) : undefined,
          });
          const refusal = route.path.startsWith(DEVICE_API) ? { status: 401, code: 'DEVICE_TOKEN_INVALID' } : { status: 403, code: 'CSRF_REJECTED' };
          for (const [name, response] of [['form from evil', formPost], ['no header', noHeader], ['foreign origin', foreignOrigin]] as const) {
            const answer = { name, method, path, status: response.status, code: ((await response.json()) as { code?: string }).code };
            expect(answer).toEqual({ name, method, path, ...refusal });
          }
          checked.push(`${method} ${path}`);
        }
      }
    }
    expect(checked).toContain('POST /%61pis/auth/login');
    expect(checked).toContain('POST /apis/auth/%6Cogout');
    expect(checked).toContain('GET /apis/core/%67raphql');
    expect(checked).toContain('POST /apis/hardware/v1/scan');
  });

  it('lets the SPA through: the client header on forms, no header needed on a JSON POST', async () => {
    const { account } = await createAccount(app, 'organizer');
    const client = app.client();
    await signInDirectly(app, client, account);
    const json = await client.fetch('/apis/core/graphql', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ query: '{ viewer { ... on Ouser { id } } }' }),
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ data: { viewer: { id: account.id } } });
    const get = await client.fetch('/apis/core/graphql?query=%7B__typename%7D', { headers: { accept: 'application/json' } });
    expect(get.status).toBe(200);
    const logout = await client.fetch('/apis/auth/logout', { method: 'POST', headers: { [CLIENT_HEADER]: 'web', origin: app.baseUrl } });
    expect(logout.status).toBe(204);
  });
});

describe('CORS', () => {
  it('grants no cross-origin access unless CORS_ORIGINS lists the origin', async () => {
    const { account } = await createAccount(app, 'organizer');
    const client = app.client();
    await signInDirectly(app, client, account);
    const preflight = await client.fetch('/apis/core/graphql', {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const read = await client.fetch(`/apis/core/graphql?query=${encodeURIComponent('{ viewer { ... on Ouser { name email } } }')}`, { headers: { origin: EVIL } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(await read.text()).not.toContain(account.email ?? '@');
  });

  it('answers the listed origins only, never `null`', async () => {
    const listed = await createTestApp({ CORS_ORIGINS: 'https://admin.example.com, https://other.example.com:8443' });
    try {
      const preflight = (origin: string) =>
        listed.client().fetch('/apis/core/graphql', {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
      const allowed = await preflight('https://admin.example.com');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      for (const stranger of [EVIL, 'null', 'https://admin.example.com.evil.example']) {
        expect((await preflight(stranger)).headers.get('access-control-allow-origin')).toBeNull();
      }
      const post = await listed.client().fetch('/apis/core/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://other.example.com:8443' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(post.status).toBe(200);
      expect(post.headers.get('access-control-allow-origin')).toBe('https://other.example.com:8443');
    } finally {
      await listed.close();
    }
  });
});
