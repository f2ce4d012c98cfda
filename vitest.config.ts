import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; `--project` narrows it (see package.json).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
      // The reference gate client against a real server (device/src/*.test.ts).
      { test: { name: 'device', root: './device', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
