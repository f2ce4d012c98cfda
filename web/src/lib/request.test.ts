import { describe, expect, it, vi } from 'vitest';
import { createRequestClient, formBody, joinUrl, mergeOptions, RequestError } from './request';

function jsonResponse(body: unknown, status = 200, contentType = 'application/json; charset=utf-8'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

describe('joinUrl', () => {
  it('joins a base and a relative path with exactly one slash', () => {
    expect(joinUrl('/apis', 'auth/login')).toBe('/apis/auth/login');
    expect(joinUrl('/apis/', '/auth/login')).toBe('/apis/auth/login');
    expect(joinUrl('/apis//', '//auth/login')).toBe('/apis/auth/login');
    expect(joinUrl('https://expo.example.cn/apis', 'core/graphql')).toBe('https://expo.example.cn/apis/core/graphql');
  });
  it('keeps the path when there is no base, and the base when there is no path', () => {
    expect(joinUrl(undefined, '/x')).toBe('/x');
    expect(joinUrl('', 'x')).toBe('x');
    expect(joinUrl('/apis', '')).toBe('/apis');
  });
});

describe('mergeOptions', () => {
  it('lets the call win and merges headers', () => {
    const merged = mergeOptions({ method: 'GET', headers: { a: '1', b: '2' } }, { method: 'POST', headers: new Headers({ b: '3', c: '4' }) });
    expect(merged.method).toBe('POST');
    expect(merged.headers).toEqual({ a: '1', b: '3', c: '4' });
  });
});

describe('createRequestClient', () => {
  it('sends x-portal-client: web and same-origin credentials to the joined address', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => jsonResponse({ ok: true }));
    const request = createRequestClient({ baseUrl: '/apis', headers: { 'x-default': 'd' }, credentials: 'include' }, fetchImpl);
    await expect(request('/auth/captcha', { headers: { 'x-call': 'c' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/apis/auth/captcha');
    const headers = new Headers(init?.headers);
    expect(headers.get('x-portal-client')).toBe('web');
    expect(headers.get('x-default')).toBe('d');
    expect(headers.get('x-call')).toBe('c');
    expect(init?.credentials).toBe('same-origin');
  });
  it('a per-call baseUrl overrides the default', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('x'));
    await createRequestClient({ baseUrl: '/apis' }, fetchImpl)('b', { baseUrl: '/other' });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/other/b');
  });
  it('reads JSON when the content type begins with application/json, text otherwise', async () => {
    const request = createRequestClient({}, async () => new Response('hello', { headers: { 'content-type': 'text/plain' } }));
    await expect(request('/x')).resolves.toBe('hello');
    const jsonRequest = createRequestClient({}, async () => jsonResponse({ a: 1 }, 200, 'application/json'));
    await expect(jsonRequest('/x')).resolves.toEqual({ a: 1 });
    const graphqlType = createRequestClient({}, async () => jsonResponse({ a: 1 }, 200, 'application/graphql-response+json'));
    await expect(graphqlType('/x')).resolves.toBe('{"a":1}');
  });
  it('reads an empty JSON body as null', async () => {
    const request = createRequestClient({}, async () => new Response(null, { status: 204, headers: { 'content-type': 'application/json' } }));
    await expect(request('/x')).resolves.toBeNull();
  });
  it('gives the raw Response when asked, without checking the status', async () => {
    const response = new Response('nope', { status: 500 });
    const request = createRequestClient({}, async () => response);
    await expect(request('/x', { raw: true })).resolves.toBe(response);
  });
  it('raises the plain-text body as the message when not ok', async () => {
    const request = createRequestClient({}, async () => new Response('Bad thing', { status: 400, headers: { 'content-type': 'text/plain' } }));
    const error = await request('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ message: 'Bad thing', status: 400, reason: undefined });
  });
  it('raises message, reason and code of an object body', async () => {
    const request = createRequestClient({}, async () => jsonResponse({ message: 'Wrong password', reason: 'BAD_REQUEST', code: 'AUTH_WRONG_PASSWORD' }, 400));
    await expect(request('/x')).rejects.toMatchObject({ message: 'Wrong password', reason: 'BAD_REQUEST', code: 'AUTH_WRONG_PASSWORD', status: 400 });
  });
  it('derives the reason from 401 and 403 when the body has none', async () => {
    await expect(createRequestClient({}, async () => new Response('', { status: 401, statusText: 'Unauthorized' }))('/x')).rejects.toMatchObject({
      message: 'Unauthorized',
      reason: 'UNAUTHORIZED',
    });
    await expect(createRequestClient({}, async () => jsonResponse({}, 403))('/x')).rejects.toMatchObject({ reason: 'FORBIDDEN', message: 'Request failed with status 403' });
  });
});

describe('formBody', () => {
  it('form-encodes the defined fields', () => {
    expect(formBody({ identity: '+8613800000000', password: undefined, scope: 'audience' }).toString()).toBe('identity=%2B8613800000000&scope=audience');
  });
});
