import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: three server processes behind nginx (e2e/cluster/). Not part of `npm test`:
// it needs PostgreSQL, Redis and nginx; `.ci/run` runs it after the other phases.
export default defineConfig({
  test: {
    name: 'cluster',
    root: './e2e',
    include: ['cluster/**/*.cluster.ts'],
    globalSetup: ['./cluster/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
