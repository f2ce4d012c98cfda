/**
 * What a first visit to a path loads before it can paint (DESIGN §7), read from the build's Vite manifest:
 * the entry's static imports, the lazily loaded modules the path waits for (src/app/router.tsx and the
 * areas) with their static imports, and the locale files of the detected language. One map, read by the
 * size budget (web/bench/first-load.ts) and by the build, which writes the preload plan the server puts
 * into index.html (`<link rel="modulepreload">`), so that those chunks download beside the entry instead
 * of after it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { PreloadPlan } from '@portal/shared/web-build/files';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A path's first screen: the modules it loads lazily before it can render, and the locale namespaces it reads. */
export interface FirstScreen {
  path: string;
  modules: string[];
  namespaces: string[];
}

/**
 * The app itself (React, the router, i18next, the route table), which the entry (src/main.tsx) imports at once or,
 * under a pre-rendered screen, after the first frame: part of every first load.
 */
export const BOOT = 'src/boot.tsx';

/** What every route built with antd loads first (src/app/router.tsx): the app, antd's providers, the route table, antd's texts. */
export const ANTD_SCREENS = [BOOT, 'src/app/portal-routes.tsx', 'src/lib/i18n/antd-locale.ts'];

/** The routes a visitor opens on a phone (issue 12). Namespaces beyond the ones loaded at start-up (lib/i18n). */
export const PUBLIC_ROUTES: FirstScreen[] = [
  { path: '/login', modules: [BOOT, 'src/app/routes/login-route.tsx'], namespaces: [] },
  { path: '/visitor/web/register', modules: [BOOT, 'src/app/routes/register-route.tsx'], namespaces: ['visitor'] },
  { path: '/visitor/web/application', modules: [BOOT, 'src/features/application/pages/application-page.tsx'], namespaces: ['application', 'photo'] },
  { path: '/wa/visitor/ticket', modules: [BOOT, 'src/app/areas/visitor-area.tsx', 'src/features/ticket/pages/ticket-page.tsx'], namespaces: ['visitor'] },
];
/**
 * The first screens pre-rendered at build time per language (build/prerender.ts, src/prerender.tsx), served in
 * index.html's root by the server and hydrated by the client (main.tsx). `param`: the query parameter whose value
 * changes the first paint; a screen is rendered once per listed value, `''` standing for the parameter's absence
 * and for any value not listed. `namespaces`: the locale files beyond the start-up ones that the render reads,
 * loaded by the client before it hydrates. The signed-in screens render what the browser shows before the session
 * is known (layout and loading state): no personal data is ever in this markup.
 */
export interface PrerenderedScreen {
  path: string;
  param?: string;
  variants: { value: string; namespaces: string[] }[];
}
export const PRERENDERED_SCREENS: PrerenderedScreen[] = [
  {
    path: '/login',
    param: 'scope',
    // No scope and any other value show the visitor's (login-page.tsx, scopeFromQuery).
    variants: [
      { value: '', namespaces: [] },
      { value: 'organizer', namespaces: [] },
      { value: 'exhibitor', namespaces: ['exhibitor-account'] },
    ],
  },
  { path: '/visitor/web/register', variants: [{ value: '', namespaces: ['visitor'] }] },
  // The loading state shows the screen's introduction (ApplicationLoading).
  { path: '/visitor/web/application', variants: [{ value: '', namespaces: ['application'] }] },
  // The loading state shows the ticket's title and instruction (TicketLoading).
  { path: '/wa/visitor/ticket', variants: [{ value: '', namespaces: ['visitor'] }] },
];

/** Paths under a prefix (`/…/*`) whose first screen is known up to their area, and any other path (`*`): the screens built with antd. */
const OTHER_PATHS: FirstScreen[] = [
  { path: '/wa/*', modules: [BOOT, 'src/app/areas/visitor-area.tsx'], namespaces: ['visitor'] },
  { path: '*', modules: ANTD_SCREENS, namespaces: [] },
];

/** The namespaces every page loads at start-up (web/src/lib/i18n/i18n.ts; `errors` is shared/locales'). */
export const START_UP_NAMESPACES = ['common', 'auth', 'account'];
const SHARED_START_UP_NAMESPACES = ['errors'];
export const LANGUAGES = ['zh-CN', 'en-US'] as const;

export function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`No Vite manifest at ${path}: build the web app first (npm run build)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The manifest key of a source module: its own entry, or the chunk Rollup named after it when it was merged. */
export function chunkKeyOf(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = basename(module).replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter((key) => manifest[key]?.name === name && manifest[key]?.isDynamicEntry);
  if (named.length === 1 && named[0]) return named[0];
  throw new Error(`${module} is not a chunk of the build (found ${named.length} chunks named ${name})`);
}

export function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry');
  return entry;
}

/** The keys of the given chunks and of everything they import statically (what the browser fetches with them). */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** The manifest keys of a language's locale files of the given namespaces (web's and shared's). */
export function localeKeys(manifest: Manifest, language: string, namespaces: readonly string[]): string[] {
  const wanted = [...namespaces.map((namespace) => `/locales/${language}/${namespace}.json`)];
  return Object.keys(manifest).filter((key) => wanted.some((suffix) => key.endsWith(suffix)));
}

/** Every key a first visit to the screen loads in a language: entry, screen modules, start-up and screen locale files. */
export function firstLoadKeys(manifest: Manifest, screen: FirstScreen, language: string): Set<string> {
  return staticClosure(manifest, [
    entryKey(manifest),
    ...screen.modules.map((module) => chunkKeyOf(manifest, module)),
    ...localeKeys(manifest, language, [...START_UP_NAMESPACES, ...SHARED_START_UP_NAMESPACES, ...screen.namespaces]),
  ]);
}

/** The preload plan (its shape: shared/web-build/files.ts), which the server puts into index.html. */
export function preloadPlan(manifest: Manifest): PreloadPlan {
  const inHtml = staticClosure(manifest, [entryKey(manifest)]);
  const screens: PreloadPlan['screens'] = {};
  for (const screen of [...PUBLIC_ROUTES, ...OTHER_PATHS]) {
    screens[screen.path] = Object.fromEntries(
      LANGUAGES.map((language) => {
        const files = [...firstLoadKeys(manifest, screen, language)].filter((key) => !inHtml.has(key)).map((key) => manifest[key]?.file ?? '');
        const css = [...firstLoadKeys(manifest, screen, language)].filter((key) => !inHtml.has(key)).flatMap((key) => manifest[key]?.css ?? []);
        return [language, [...files.filter((file) => file.endsWith('.js')), ...new Set(css)]];
      }),
    );
  }
  return { screens };
}
