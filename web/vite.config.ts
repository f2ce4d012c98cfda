import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadPlan, readManifest } from './build/first-screens';
import { prerenderFirstScreens } from './build/prerender';

/**
 * DESIGN §7: hashed assets are served pre-compressed; write .br and .gz beside each one. This runs once
 * the files are written: in generateBundle, chunks still hold Vite's `__VITE_PRELOAD__` placeholder.
 */
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => /\.(js|css|svg|json|html)$/.test(fileName))
          .map(async (fileName) => {
            const path = join(outDir, fileName);
            const buffer = await readFile(path);
            if (buffer.length < 1024) return;
            await writeFile(`${path}.br`, brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
            await writeFile(`${path}.gz`, gzipSync(buffer, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * DESIGN §7: the chunks a first visit waits for after the entry (the screen of the path, the detected language's
 * locale files), listed per path and language for the server, which preloads them from index.html
 * (server/src/http/single-page-app.ts). Written once Vite's manifest is on disk.
 */
function preloadPlanFile(): Plugin {
  return {
    name: 'portal-preload-plan',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? 'dist';
      await writeFile(join(outDir, '.vite', 'preload-plan.json'), JSON.stringify(preloadPlan(readManifest(outDir))));
    },
  };
}

/**
 * One shared vendor chunk for React, the router, i18n and the query client; the areas and pages are lazy
 * chunks (src/app/router.tsx). antd is left to Rollup's own splitting: a single antd chunk would hold every
 * component any page uses (the `antd` barrel reaches them all), so each new page grew the login page's
 * first load; split by use, the login page loads only the components it renders.
 */
function vendorChunk(id: string): string | undefined {
  // Every GraphQL document: a chunk of its own, evaluated in a task of its own under a pre-rendered screen (src/main.tsx).
  if (id.endsWith('/src/graphql/operations.generated.ts')) return 'graphql-documents';
  if (!id.includes('/node_modules/')) return undefined;
  // dayjs's time-zone plugins serve only lazily loaded pages.
  if (/\/node_modules\/dayjs\/plugin\//.test(id)) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|dayjs)\//.test(id)) return 'vendor-react';
  return undefined;
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress(), preloadPlanFile(), prerenderFirstScreens()],
  server: {
    port: 5173,
    proxy: { '/apis': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/apis': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // The ALTCHA worker must stay a same-origin file: a data: or blob: worker would need a looser CSP worker-src.
    assetsInlineLimit: (filePath) => (/altcha[\\/]dist_external[\\/]worker\.js$/.test(filePath) ? false : undefined),
    rollupOptions: {
      output: {
        manualChunks: vendorChunk,
      },
    },
  },
});
