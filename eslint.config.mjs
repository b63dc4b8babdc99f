import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/eslint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.tools/**',
      'libs/contracts/src/generated/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['gateway/**/*.ts', 'services/**/*.ts', 'libs/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-cross-workspace-imports': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    plugins: { boundaries },
    rules: { 'boundaries/declared-dependencies': 'error' },
  },
  {
    files: ['frontend/src/features/**/*.{ts,tsx}'],
    rules: { 'boundaries/no-feature-internals': 'error' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.flat['recommended-latest'].rules,
  },
);
