import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test/jsdom-setup.ts'],
    // Rendering antd's dialogs and forms in jsdom takes seconds of CPU on a busy two-core machine; vitest's
    // 5 s default failed two such tests there (a test's own assertions wait for what they need).
    testTimeout: 60_000,
  },
});
