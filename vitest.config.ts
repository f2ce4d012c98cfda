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
          // Limits against a hang, not speed checks: a test waits for answers, and a busy machine is slow.
          testTimeout: 120_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
      './web/vitest.config.ts',
      // The reference gate client against a real server (device/src/*.test.ts).
      { test: { name: 'device', root: './device', include: ['src/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 300_000, expect: { poll: { timeout: 30_000 } } } },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          // Each step of a journey waits for what the page shows, with its own limit (15 s an action,
          // 30 s a navigation: e2e/support/browser.ts). The whole-test limit only stops a journey that
          // hangs; a journey's length on a busy machine is not a failure, so it is far above any of them.
          testTimeout: 900_000,
          hookTimeout: 600_000,
          // expect.poll waits for the page like an action does (vitest's default is 1 s).
          expect: { poll: { timeout: 30_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
