import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('GraphQL endpoint contract', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers the public project setting without a session', async () => {
    const { status, body } = await app.client().graphql('{ project { setting { audienceRegOpen exhibitorRegOpen } } }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ project: { setting: { audienceRegOpen: true, exhibitorRegOpen: true } } });
  });

  it('accepts the multipart request variant from the SPA', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ project { setting { audienceRegOpen } } }' }));
    form.set('map', '{}');
    const response = await app.client().fetch('/apis/core/graphql', { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { project: { setting: { audienceRegOpen: true } } } });
  });

  it('refuses a cross-site request: a preflight-free one without the client header, or a foreign Origin', async () => {
    // A JSON POST cannot be sent cross-site without a preflight: standard clients need no header (Apollo's rule).
    const withoutHeader = await app.client().graphql('{ project { setting { audienceRegOpen } } }', undefined, { csrf: false });
    expect(withoutHeader.status).toBe(200);
    const textPlain = await app.client().fetch('/apis/core/graphql', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ project { setting { audienceRegOpen } } }' }),
    });
    expect(textPlain.status).toBe(403);
    expect(await textPlain.json()).toMatchObject({ reason: 'FORBIDDEN', code: 'CSRF_REJECTED' });

    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation { updateProfile(input: { name: "x" }) { __typename } }' }));
    form.set('map', '{}');
    const multipart = await app.client().fetch('/apis/core/graphql', { method: 'POST', body: form, csrf: false });
    expect(multipart.status).toBe(403);

    const foreign = await app.client().fetch('/apis/core/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ query: '{ project { setting { audienceRegOpen } } }' }),
    });
    expect(foreign.status).toBe(403);
  });

  it('classifies invalid documents as BAD_REQUEST with a translated message', async () => {
    const { body } = await app.client({ locale: 'zh-CN' }).graphql('{ projec }');
    expect(body.errors?.[0]).toMatchObject({
      message: '部分信息填写有误，请检查',
      extensions: { classification: 'BAD_REQUEST', code: 'VALIDATION_FAILED' },
    });
  });

  it('limits depth, aliases and cost', async () => {
    const aliases = Array.from({ length: 30 }, (_, index) => `a${index}: project { setting { audienceRegOpen } }`).join(' ');
    const { body } = await app.client().graphql(`{ ${aliases} }`);
    expect(body.errors?.[0]?.extensions).toMatchObject({ classification: 'BAD_REQUEST', code: 'QUERY_TOO_COMPLEX' });
    expect(body.data).toBeUndefined();
  });

  it('reports health with the database kind', async () => {
    const response = await app.client().fetch('/apis/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('sends security headers and a request id, and never a stack trace', async () => {
    const response = await app.client().fetch('/apis/no-such-route');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'NOT_FOUND', reason: 'NOT_FOUND' });
    expect(JSON.stringify(body)).not.toContain('at ');
  });

  it('answers GraphQL with the strict headers of a JSON answer, not the page\'s', async () => {
    const inits: RequestInit[] = [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ viewer { __typename } }' }) }, { headers: { 'x-portal-client': 'web' } }];
    for (const init of inits) {
      const response = await app.client().fetch(`/apis/core/graphql${init.method ? '' : '?query=%7B%20viewer%20%7B%20__typename%20%7D%20%7D'}`, init);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('referrer-policy')).toBeNull();
    }
  });

  it('refuses a multipart body over the limit before reading it', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ project { setting { audienceRegOpen } } }' }));
    form.set('map', '{}');
    form.set('padding', 'x'.repeat(22 * 1024 * 1024));
    const response = await app.client().fetch('/apis/core/graphql', { method: 'POST', body: form });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'REQUEST_TOO_LARGE' });
  });

  it('refuses an oversized body', async () => {
    const response = await app.client().fetch('/apis/core/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ project { setting { audienceRegOpen } } }', padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });
});
