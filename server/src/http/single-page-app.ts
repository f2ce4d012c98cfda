import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALE_QUERY_PARAM, isLocale, type Locale } from '@portal/shared/i18n/locales';
import type { PreloadPlan, PrerenderedFile, PrerenderedPage } from '@portal/shared/web-build/files';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { localeOfRequest } from '../lib/request-locale';

function readPreloadPlan(root: string): PreloadPlan | undefined {
  const path = join(root, '.vite', 'preload-plan.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as PreloadPlan) : undefined;
}

function readPrerendered(root: string): PrerenderedPage[] {
  const path = join(root, '.vite', 'prerendered.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as PrerenderedFile).pages : [];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface ShellVariant {
  html: string;
  brotli: Buffer;
}

/**
 * index.html as a first visit to a path needs it (DESIGN §7): the page's language on `<html lang>`, a
 * `modulepreload` link for each chunk the path's screen and the language's locale files wait for (so they download
 * beside the entry instead of one round trip after it) and a style sheet link for their CSS; and for the
 * pre-rendered first screens, their markup in the root element, which the client hydrates, with the chunks to
 * preload after the first frame. One variant per screen, query variant and language, made once.
 */
function shellVariants(root: string) {
  const template = readFileSync(join(root, 'index.html'), 'utf8');
  const plan = readPreloadPlan(root);
  const prerendered = readPrerendered(root);
  const variants = new Map<string, ShellVariant>();
  const prefixes = Object.keys(plan?.screens ?? {})
    .filter((key) => key.endsWith('/*'))
    .map((key) => key.slice(0, -1))
    .sort((a, b) => b.length - a.length);
  /** The plan's screen of a path: its own, else the longest prefix (`/wa/*`) it is under, else `*`. */
  const screenOf = (path: string) => (plan && path in plan.screens ? path : `${prefixes.find((prefix) => path.startsWith(prefix)) ?? ''}*`);
  /** The pre-rendered page of a path, language and query: the variant of the query's value, else the one without. */
  const pageOf = (path: string, locale: Locale, query: URLSearchParams) => {
    const candidates = prerendered.filter((page) => page.path === path && page.locale === locale);
    const param = candidates[0]?.param;
    const value = param ? (query.get(param) ?? '') : '';
    return candidates.find((page) => page.value === value) ?? candidates.find((page) => page.value === '');
  };
  return (path: string, locale: Locale, query: URLSearchParams): ShellVariant => {
    const screen = screenOf(path);
    const page = pageOf(path, locale, query);
    const key = `${screen} ${locale} ${page ? `${page.path}?${page.value}` : ''}`;
    const cached = variants.get(key);
    if (cached) return cached;
    const files = plan?.screens[screen]?.[locale] ?? [];
    const scripts = files.filter((file) => !file.endsWith('.css')).map((file) => `/${file}`);
    // A pre-rendered screen paints from the markup and its style sheets alone: its scripts are preloaded by the entry
    // after that first frame (`data-preload`, web/src/main.tsx), so that they do not share the bandwidth the style
    // sheets need for it. Any other screen preloads them at once.
    const links = [
      ...files.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...(page ? [] : scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)),
    ].join('');
    let html = template.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`).replace('</head>', `${links}</head>`);
    if (page) {
      // `inert` until hydrated (web/src/boot.tsx): a tap or a typed character before the app runs would be lost.
      const attributes = `data-prerendered="${locale}" data-namespaces="${escapeAttribute(page.namespaces.join(','))}" data-preload="${escapeAttribute(scripts.join(' '))}" inert`;
      html = html.replace('<div id="root"></div>', () => `<div id="root" ${attributes}>${page.html}</div>`);
    }
    const variant = { html, brotli: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) };
    variants.set(key, variant);
    return variant;
  };
}

function sendShell(request: FastifyRequest, reply: FastifyReply, variant: ShellVariant) {
  // The variant depends on the language (query, cookie, Accept-Language) and is never cached.
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, accept-language, cookie').type('text/html; charset=utf-8');
  // SPEC 9: a `lang` query value is saved. The page is already in that language, so it is saved with the page,
  // not only once the app has started (the app saves it too, for a page that changes its query itself).
  const asked = (request.query as Record<string, unknown> | undefined)?.[LOCALE_QUERY_PARAM];
  if (isLocale(asked)) reply.setCookie(LOCALE_COOKIE, asked, { path: '/', sameSite: 'lax', secure: request.protocol === 'https', maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS });
  if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'br').send(variant.brotli);
  return reply.send(variant.html);
}

/** The built SPA: hashed assets cached forever, index.html never cached, client routes fall back to it. */
export async function registerSinglePageApp(app: FastifyInstance, config: Config) {
  const root = config.WEB_DIST_DIR;
  const hasBuild = existsSync(join(root, 'index.html'));
  const shellFor = hasBuild ? shellVariants(root) : undefined;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`No web build at ${root}: run "npm run build" to serve the web app`);
  }
  app.setNotFoundHandler((request, reply) => {
    // Every GET outside /apis/ is a client route, whatever it accepts (curl and link checkers send
    // Accept: */*); only a missing hashed asset stays a 404, so that a stale chunk is not taken for HTML.
    const path = decodedPath(request.url);
    const clientRoute = !path.startsWith('/apis/') && !path.startsWith('/assets/');
    if ((request.method === 'GET' || request.method === 'HEAD') && shellFor && clientRoute) {
      return sendShell(request, reply, shellFor(path, localeOfRequest(request), new URLSearchParams(request.url.split('?')[1] ?? '')));
    }
    const error = new AppError('NOT_FOUND');
    return reply.code(404).send(error.toBody(localeOfRequest(request)));
  });
}

/** The path of a request URL as the router sees it (percent-decoded, without the query). */
function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
