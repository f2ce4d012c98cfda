import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { createTestApp, type TestApp } from './test/test-app';

describe('single-page app serving', () => {
  let app: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    app = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers client routes with index.html, never cached', async () => {
    for (const path of ['/', '/wo/audience/list', '/wa/ticket?x=1', '/login']) {
      const response = await app.client().fetch(path, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>portal</title>');
    }
  });

  it('answers every GET outside /apis/ with the app shell, whatever it accepts', async () => {
    for (const accept of ['*/*', undefined, 'application/json']) {
      for (const path of ['/', '/wo/audience/list', '/visitor/web/register?lang=en-US']) {
        const response = await app.client().fetch(path, { headers: accept ? { accept } : {} });
        expect({ path, accept, status: response.status, type: response.headers.get('content-type') }).toEqual({ path, accept, status: 200, type: expect.stringMatching(/^text\/html/) });
        expect(await response.text()).toContain('<title>portal</title>');
      }
    }
    const encodedApi = await app.client().fetch('/%61pis/unknown', { headers: { accept: '*/*' } });
    expect(encodedApi.status).toBe(404);
  });

  it('serves hashed assets immutable and pre-compressed', async () => {
    const response = await app.client().fetch('/assets/app-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe(script);
  });

  it('keeps unknown API paths and non-HTML requests as JSON 404s', async () => {
    const api = await app.client().fetch('/apis/unknown', { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const asset = await app.client().fetch('/assets/missing.js');
    expect(asset.status).toBe(404);
  });
});

describe('index.html per first screen and language (DESIGN §7: preload what the first paint waits for)', () => {
  let app: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  const plan = {
    screens: {
      '/login': { 'zh-CN': ['assets/login-1.js', 'assets/common-zh.js'], 'en-US': ['assets/login-1.js', 'assets/common-en.js'] },
      '/wa/*': { 'zh-CN': ['assets/visitor-3.js', 'assets/common-zh.js'], 'en-US': ['assets/visitor-3.js', 'assets/common-en.js'] },
      '*': { 'zh-CN': ['assets/portal-2.js', 'assets/common-zh.js'], 'en-US': ['assets/portal-2.js', 'assets/common-en.js'] },
    },
  };
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  beforeAll(async () => {
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><head><title>portal</title></head><body></body></html>');
    writeFileSync(join(dist, '.vite', 'preload-plan.json'), JSON.stringify(plan));
    app = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("preloads the path's screen and the detected language's files, and says the language on <html>", async () => {
    const english = await app.client().fetch('/login?scope=audience', { headers: { cookie: '_lang_=en-US' } });
    const html = await english.text();
    expect(html).toContain('<html lang="en-US"');
    expect(preloads(html)).toEqual(['/assets/login-1.js', '/assets/common-en.js']);
    expect(english.headers.get('vary')).toContain('cookie');

    const chinese = await (await app.client().fetch('/login', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })).text();
    expect(chinese).toContain('<html lang="zh-CN"');
    expect(preloads(chinese)).toEqual(['/assets/login-1.js', '/assets/common-zh.js']);

    // A path under a prefix gets the prefix's; any other the antd screens'; the query's language wins over the cookie.
    const visitor = await (await app.client().fetch('/wa/visitor/record', { headers: { cookie: '_lang_=zh-CN' } })).text();
    expect(preloads(visitor)).toEqual(['/assets/visitor-3.js', '/assets/common-zh.js']);
    const other = await (await app.client().fetch('/wo/audience/list?lang=en-US', { headers: { cookie: '_lang_=zh-CN' } })).text();
    expect(preloads(other)).toEqual(['/assets/portal-2.js', '/assets/common-en.js']);
  });

  it('saves a lang query value with the page (SPEC 9), and nothing else', async () => {
    const asked = await app.client().fetch('/login?lang=en-US', { headers: { cookie: '_lang_=zh-CN' } });
    expect(asked.headers.getSetCookie()).toEqual([expect.stringMatching(/^_lang_=en-US; Max-Age=2592000; Path=\/; SameSite=Lax/)]);
    const unknown = await app.client().fetch('/login?lang=fr-FR');
    expect(unknown.headers.getSetCookie()).toEqual([]);
    const none = await app.client().fetch('/login', { headers: { cookie: '_lang_=zh-CN' } });
    expect(none.headers.getSetCookie()).toEqual([]);
  });

  it('sends the shell brotli-compressed to a browser that takes it', async () => {
    const response = await app.client().fetch('/login', { headers: { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(preloads(await response.text())).toEqual(['/assets/login-1.js', '/assets/common-en.js']);
  });
});

describe('pre-rendered first screens (DESIGN §7: the first paint from index.html, hydrated by the client)', () => {
  let app: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  const plan = {
    screens: {
      '/login': { 'zh-CN': ['assets/login-1.js', 'assets/login-1.css'], 'en-US': ['assets/login-1.js', 'assets/login-1.css'] },
      '/visitor/web/register': { 'zh-CN': ['assets/register-4.js'], 'en-US': ['assets/register-4.js'] },
      '*': { 'zh-CN': ['assets/portal-2.js'], 'en-US': ['assets/portal-2.js'] },
    },
  };
  const page = (path: string, locale: string, value: string, html: string, namespaces: string[] = []) => ({ path, ...(path === '/login' ? { param: 'scope' } : {}), value, locale, namespaces, html });
  const pages = [
    page('/login', 'zh-CN', '', '<main>访客登录</main>'),
    page('/login', 'en-US', '', '<main>Visitor sign-in</main>'),
    page('/login', 'en-US', 'organizer', '<main>Organizer sign-in</main>'),
    page('/login', 'en-US', 'exhibitor', '<main>Exhibitor sign-in</main>', ['exhibitor-account']),
    // Only the Chinese registration screen: the English one falls back to the empty root.
    page('/visitor/web/register', 'zh-CN', '', '<main>观众注册</main>'),
  ];
  const root = (html: string) => /<div id="root"[^>]*>(.*?)<\/div><script/.exec(html)?.[0] ?? '';

  beforeAll(async () => {
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="zh-CN"><head><title>portal</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>');
    writeFileSync(join(dist, '.vite', 'preload-plan.json'), JSON.stringify(plan));
    writeFileSync(join(dist, '.vite', 'prerendered.json'), JSON.stringify({ pages }));
    app = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string>) => {
    const response = await app.client().fetch(path, { headers });
    return { response, html: await response.text() };
  };

  it("puts the path's screen in the detected language into the root, marked for the client to hydrate and inert until then", async () => {
    const chinese = await get('/login', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(chinese.html).toContain('<html lang="zh-CN"');
    expect(root(chinese.html)).toBe('<div id="root" data-prerendered="zh-CN" data-namespaces="" data-preload="/assets/login-1.js" inert><main>访客登录</main></div><script');
    const english = await get('/login?redirect=%2Fwa%2F', { cookie: '_lang_=en-US' });
    expect(root(english.html)).toContain('data-prerendered="en-US" data-namespaces="" data-preload="/assets/login-1.js" inert><main>Visitor sign-in</main>');
    // The query's language wins over the cookie, as on every page.
    const byQuery = await get('/login?lang=en-US', { cookie: '_lang_=zh-CN' });
    expect(root(byQuery.html)).toContain('<main>Visitor sign-in</main>');
  });

  it("serves the variant of the query's value, and the plain one for an absent or unknown value", async () => {
    const headers = { 'accept-language': 'en-US' };
    expect(root((await get('/login?scope=organizer', headers)).html)).toContain('<main>Organizer sign-in</main>');
    expect(root((await get('/login?scope=exhibitor&redirect=%2Fwe%2F', headers)).html)).toContain('data-namespaces="exhibitor-account" data-preload="/assets/login-1.js" inert><main>Exhibitor sign-in</main>');
    expect(root((await get('/login?scope=audience', headers)).html)).toContain('<main>Visitor sign-in</main>');
    expect(root((await get('/login?scope=nobody', headers)).html)).toContain('<main>Visitor sign-in</main>');
  });

  it('falls back to the empty root where nothing was pre-rendered for the path or the language', async () => {
    expect(root((await get('/visitor/web/register', { 'accept-language': 'zh-CN' })).html)).toContain('<main>观众注册</main>');
    for (const [path, language] of [['/visitor/web/register', 'en-US'], ['/wo/audience/list', 'zh-CN'], ['/login/extra', 'en-US']] as const) {
      const { response, html } = await get(path, { 'accept-language': language });
      expect({ path, status: response.status, root: root(html) }).toEqual({ path, status: 200, root: '<div id="root"></div><script' });
    }
  });

  it('links the screen’s style sheets, and leaves its scripts to the entry after the first frame', async () => {
    const { html } = await get('/login', { 'accept-language': 'en-US' });
    expect(html).toContain('<title>portal</title><link rel="stylesheet" crossorigin href="/assets/login-1.css"></head>');
    expect(html).not.toContain('modulepreload');
    expect(root(html)).toContain('data-preload="/assets/login-1.js"');
    // Without markup (no English registration screen), the scripts are preloaded from the head as before.
    const fallback = await get('/visitor/web/register', { 'accept-language': 'en-US' });
    expect(fallback.html).toContain('<link rel="modulepreload" crossorigin href="/assets/register-4.js"></head>');
  });

  it('is never cached, varies with the language sources, and goes brotli-compressed to a browser that takes it', async () => {
    const plain = await get('/login?scope=organizer', { 'accept-language': 'en-US' });
    const { response, html } = await get('/login?scope=organizer', { 'accept-language': 'en-US', 'accept-encoding': 'gzip, br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('vary')).toBe('accept-encoding, accept-language, cookie');
    expect(html).toBe(plain.html);
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(root(html)).toContain('<main>Organizer sign-in</main>');
  });
});
