import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import moduleBoundaries from './eslint-rules/module-boundaries.js';
import edgeConvention from './eslint-rules/edge-convention.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-budget/**', '**/node_modules/**', '**/*.generated.ts', 'web/src/graphql/**', 'server/drizzle/**', 'data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['server/**/*.ts', 'web/**/*.{ts,tsx}', 'shared/src/**/*.ts', 'e2e/**/*.ts', 'device/**/*.ts', 'scripts/**/*.ts'],
    plugins: { portal: { rules: { 'module-boundaries': moduleBoundaries, 'edge-convention': edgeConvention } } },
    rules: { 'portal/module-boundaries': 'error' },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    rules: { 'portal/edge-convention': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
