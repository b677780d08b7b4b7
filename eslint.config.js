// One lint configuration for the whole tree. Besides the usual TypeScript and React hooks rules it holds the
// layering in place: import zones (nothing imports upward) and no import cycles.
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const server = './apps/server/src';
const web = './apps/web/src';
const features = fs.readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory());

/** Server: routes -> service -> core / lib / db; plugins are HTTP glue beside the routes. */
const serverZones = [
  {
    target: `${server}/core`,
    from: [
      `${server}/lib`,
      `${server}/integrations`,
      `${server}/plugins`,
      `${server}/modules`,
      `${server}/app.ts`,
      `${server}/services.ts`,
      `${server}/main.ts`,
    ],
    message: 'core/ is the bottom layer: it imports nothing above it.',
  },
  {
    target: `${server}/db`,
    from: [
      `${server}/core`,
      `${server}/lib`,
      `${server}/integrations`,
      `${server}/plugins`,
      `${server}/modules`,
      `${server}/app.ts`,
      `${server}/services.ts`,
    ],
    message: 'db/ holds the schema and the client only.',
  },
  {
    target: `${server}/lib`,
    from: [`${server}/integrations`, `${server}/plugins`, `${server}/modules`, `${server}/app.ts`, `${server}/services.ts`, `${server}/main.ts`],
    message: 'lib/ is shared helpers: it may use core/ and db/, nothing above.',
  },
  {
    target: `${server}/integrations`,
    from: [`${server}/plugins`, `${server}/modules`, `${server}/app.ts`, `${server}/services.ts`, `${server}/main.ts`],
    message: 'integrations/ are drivers below the services.',
  },
  {
    target: `${server}/modules`,
    from: [`${server}/plugins`, `${server}/app.ts`, `${server}/main.ts`],
    message: 'Services take the actor from core/, not from the HTTP plugins.',
  },
  {
    target: `${server}/modules`,
    from: `${server}/services.ts`,
    message: 'services.ts composes every module: a route plugin takes the services it uses as options from app.ts.',
  },
  {
    target: `${server}/modules/*/**/!(routes).ts`,
    from: `${server}/modules/*/routes.ts`,
    message: 'A service never imports routes.',
  },
  { target: `${server}/plugins`, from: [`${server}/app.ts`, `${server}/main.ts`], message: 'Plugins do not import the app.' },
];

/** Web: app -> features -> components -> lib; a feature never reaches into another feature. */
const webZones = [
  { target: `${web}/lib`, from: [`${web}/components`, `${web}/features`, `${web}/app`], message: 'lib/ is the bottom layer of the web app.' },
  { target: `${web}/components`, from: [`${web}/features`, `${web}/app`], message: 'Shared components hold no business logic.' },
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import the app shell; app/ composes them.' },
  ...features.map((f) => ({
    target: `${web}/features/${f.name}`,
    from: `${web}/features`,
    except: [`./${f.name}`],
    message: 'Features never import each other; compose them in app/.',
  })),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'bench-results/**', 'apps/server/drizzle/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/schema/tsconfig.json',
            'tsconfig.json',
            'apps/web/e2e/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones] }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'apps/web/e2e/**'],
    rules: {
      // Test helpers read loosely typed JSON answers.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
