import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import layout from './scripts/eslint/import-cycles.mjs';

const root = import.meta.dirname;

/**
 * The web app's feature folders: each may use src/lib, src/hooks and src/components, never another feature (shared
 * code moves down into those three).
 */
const WEB_FEATURES = readdirSync(`${root}/apps/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Which folder may not import which (docs/decisions/0083-layout-rules.md). */
const LAYOUT_ZONES = [
  ...WEB_FEATURES.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A web feature does not import another feature: move the shared piece into src/lib, src/hooks or src/components.',
  })),
  {
    target: ['./apps/web/src/lib', './apps/web/src/hooks', './apps/web/src/components'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared web code does not depend on features or on the app that composes them.',
  },
  {
    target: './apps/server/src/modules',
    from: ['./apps/server/src/plugins', './apps/server/src/first-screen', './apps/server/src/app.ts'],
    message: 'A server module does not import the plugins or the first-screen area: they use the modules, not the other way.',
  },
  {
    target: './packages/contract',
    from: ['./apps'],
    message: 'The contract is shared by server and web and depends on neither.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Import layout: no cycles (import-x/no-cycle for run-time imports, layout/no-cycle for type imports too) and the
    // folders' dependency directions.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX, layout },
    settings: {
      // As import-x's TypeScript preset: without these it reads no .ts file's imports, and finds no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'layout/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: LAYOUT_ZONES }],
    },
  },
);
