import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** DESIGN §7: hashed assets are served pre-compressed; write .br and .gz beside each one. */
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css|svg|json|html)$/.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const buffer = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (buffer.length < 1024) continue;
        this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) });
        this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(buffer, { level: 9 }) });
      }
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
  if (!id.includes('/node_modules/')) return undefined;
  // dayjs's time-zone plugins serve only lazily loaded pages.
  if (/\/node_modules\/dayjs\/plugin\//.test(id)) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|dayjs|graphql)\//.test(id)) return 'vendor-react';
  return undefined;
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
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
