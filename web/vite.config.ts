import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import ts from 'typescript';
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
 * The ticket's service worker (service-worker/sw.ts) as /sw.js: a classic script of its own, outside the app's
 * chunks (a service worker is fetched by its fixed address and must not import the app's hashed files).
 */
function serviceWorkerFile(): Plugin {
  return {
    name: 'portal-service-worker',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? 'dist';
      const source = await readFile(join(import.meta.dirname, 'service-worker', 'sw.ts'), 'utf8');
      const { outputText } = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true } });
      await writeFile(join(outDir, 'sw.js'), outputText.replace(/^export \{\};\s*$/m, ''));
    },
  };
}

/**
 * One shared vendor chunk for React, the router, i18n and the query client; the areas and pages are lazy
 * chunks (src/app/router.tsx). antd is left to Rollup's own splitting for every screen but the back office's
 * pages: a single antd chunk would hold every component any page uses (the `antd` barrel reaches them all), so
 * each new page grew the login page's first load; split by use, the login page loads only what it renders.
 * The back office's pages share one more (`vendor-backoffice`, BACK_OFFICE_VENDOR).
 */
function vendorChunk(id: string): string | undefined {
  // Every GraphQL document: a chunk of its own, evaluated in a task of its own under a pre-rendered screen (src/main.tsx).
  if (id.endsWith('/src/graphql/operations.generated.ts')) return 'graphql-documents';
  // Rollup's CommonJS helpers (React is CommonJS) and antd's status icons, which both the screens' notices (boot) and
  // the back office's chunk import: with React, which every screen loads, rather than a small chunk of their own.
  if (id === '\0commonjsHelpers.js' || SHARED_STATUS_ICONS.test(id)) return 'vendor-react';
  if (!id.includes('/node_modules/')) return undefined;
  // dayjs's time-zone plugins serve only lazily loaded pages.
  if (/\/node_modules\/dayjs\/plugin\//.test(id)) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|dayjs)\//.test(id)) return 'vendor-react';
  if (BACK_OFFICE_VENDOR.test(id)) return 'vendor-backoffice';
  return undefined;
}

const SHARED_STATUS_ICONS = /\/@ant-design\/icons-svg\/es\/asn\/(CheckCircleFilled|CloseCircleFilled|ExclamationCircleFilled|InfoCircleFilled|DownOutlined)\.js$/;

/**
 * DESIGN §7's "shared vendor chunk" of the back office: the antd components (with their rc-components) that most
 * organizer pages render — Table and its pager, Select, Input, Typography, Tabs, Tree, Card, Checkbox, Radio, Tag,
 * Dropdown, Menu, the date pickers — downloaded once, with the reviewer's first organizer page, instead of a share
 * with each page.
 * Only whole folders that no screen outside the back office loads (the shell's antd core — config-provider, _util,
 * form's and modal's parts that App uses — stays where Rollup puts it: first-load.test.ts checks that no public
 * route and not the shell load this chunk). Nor what antd's core beside them imports (Tooltip, Empty, the table's
 * measure-row context, scroll-into-view): the chunk would import a chunk that imports it back, and a module would
 * run before its imports ("Cannot access … before initialization"; first-load.test.ts checks there is no cycle).
 */
const BACK_OFFICE_VENDOR = new RegExp(
  '/node_modules/(' +
    'antd/es/(table/(?!TableMeasureRowContext)|(pagination|select|input|typography|tabs|tree|card|checkbox|radio|tag|spin|dropdown|menu|alert|flex|layout)/)' +
    '|@rc-component/(table|select|virtual-list|input|tabs|tree|checkbox|dropdown|menu|overflow|context)/' +
    // The date pickers but their texts, which antd's locale (the shell) holds.
    '|antd/es/date-picker/(?!locale/)|@rc-component/picker/es/(?!locale/)' +
    '|throttle-debounce/)',
);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress(), preloadPlanFile(), prerenderFirstScreens(), serviceWorkerFile()],
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
        // A manual chunk holds the modules named for it, not also everything they import (antd's core, which the
        // shell loads already, would follow Table into the back office's chunk and the shell would load it).
        onlyExplicitManualChunks: true,
      },
    },
  },
});
