/**
 * DESIGN §7: the public first screens as HTML (build/first-screens.ts, PRERENDERED_SCREENS), so that a phone paints
 * them from index.html instead of after the entry, React and the locale files have run. Once the client bundle is
 * written, src/prerender.tsx is built for Node into one self-contained module (React, the router and i18next
 * inside it), imported afresh for each screen, language and variant, and rendered; the results go to
 * `<outDir>/.vite/prerendered.json`, which the server puts into index.html's root
 * (server/src/http/single-page-app.ts) and the client hydrates (src/main.tsx).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Locale } from '@portal/shared/i18n/locales';
import type { PrerenderedFile, PrerenderedPage } from '@portal/shared/web-build/files';
import { LANGUAGES, PRERENDERED_SCREENS } from './first-screens';

type RenderScreen = (url: string, locale: Locale, namespaces: readonly string[]) => Promise<string>;

/** Builds src/prerender.tsx for Node into a folder of the repository (its node_modules stay reachable, though unused). */
async function buildRenderer(webRoot: string, assetsInlineLimit: ResolvedConfig['build']['assetsInlineLimit']): Promise<{ file: string; cleanUp: () => void }> {
  const cacheRoot = resolve(webRoot, '..', 'node_modules', '.cache');
  mkdirSync(cacheRoot, { recursive: true });
  const folder = mkdtempSync(join(cacheRoot, 'portal-prerender-'));
  const outDir = join(folder, 'base');
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    // Everything bundled, so that a copy of the output is a fresh React, router and i18next (prerenderPages).
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: true,
      minify: false,
      copyPublicDir: false,
      // The client's rule, so that an asset's URL in the markup is the one the client renders (the ALTCHA worker's).
      assetsInlineLimit,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  });
  return { file: join(outDir, 'prerender.mjs'), cleanUp: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Renders every pre-rendered screen in every language with the built renderer, each from its own copy of the
 * output (its lazily loaded chunks are modules of their own: a query string on the entry would not renew them),
 * so that no render sees a locale file another one loaded.
 */
export async function prerenderPages(rendererFile: string): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  const outDir = dirname(rendererFile);
  let run = 0;
  for (const screen of PRERENDERED_SCREENS) {
    for (const variant of screen.variants) {
      for (const locale of LANGUAGES) {
        run += 1;
        const copy = join(dirname(outDir), `render-${run}`);
        cpSync(outDir, copy, { recursive: true });
        const module = (await import(pathToFileURL(join(copy, basename(rendererFile))).href)) as { renderScreen: RenderScreen };
        const url = screen.param && variant.value ? `${screen.path}?${new URLSearchParams({ [screen.param]: variant.value })}` : screen.path;
        const html = await module.renderScreen(url, locale, variant.namespaces);
        pages.push({ path: screen.path, ...(screen.param ? { param: screen.param } : {}), value: variant.value, locale, namespaces: variant.namespaces, html });
      }
    }
  }
  return pages;
}

/** The Vite plugin of the client build: pre-renders once the client bundle (and its manifest) is written. */
export function prerenderFirstScreens(): Plugin {
  let webRoot = '';
  let assetsInlineLimit: ResolvedConfig['build']['assetsInlineLimit'] = 4096;
  return {
    name: 'portal-prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      webRoot = config.root;
      assetsInlineLimit = config.build.assetsInlineLimit;
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        const outDir = options.dir ?? join(webRoot, 'dist');
        const renderer = await buildRenderer(webRoot, assetsInlineLimit);
        try {
          const file: PrerenderedFile = { pages: await prerenderPages(renderer.file) };
          writeFileSync(join(outDir, '.vite', 'prerendered.json'), JSON.stringify(file));
        } finally {
          renderer.cleanUp();
        }
      },
    },
  };
}
