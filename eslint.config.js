// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const web = 'apps/web/src';
const api = 'apps/api/src';

/** Folders directly under `dir` (features or modules); empty when the folder does not exist yet. */
function subfolders(rootDir, dir) {
  const full = path.join(rootDir, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

/** One zone per ordered pair of folders under `dir`, made by `zone(a, b)`: a new folder is covered without editing this file. */
function pairZones(rootDir, dir, zone) {
  const names = subfolders(rootDir, dir);
  return names.flatMap((a) => names.filter((b) => b !== a).map((b) => zone(a, b)));
}

/** A web feature may reach another only through its public file (`publicFile`), never its internals. */
const featureZones = (rootDir, dir, publicFile) =>
  pairZones(rootDir, dir, (a, b) => ({
    target: `./${dir}/${a}`,
    from: `./${dir}/${b}`,
    except: [`./${publicFile}`],
    message: `${a} may use ${b} only through ${b}/${publicFile}.`,
  }));

/**
 * An api module may call another's services (service.ts and the files it is split into, jobs.ts) and rules,
 * never its repository (its tables) nor its routes (its HTTP).
 */
const moduleZones = (rootDir, dir) =>
  pairZones(rootDir, dir, (a, b) => ({
    target: `./${dir}/${a}`,
    from: `./${dir}/${b}/{repository,routes,*-repository,*-routes}.ts`,
    message: `${a} may not use ${b}'s repository or routes: call its services.`,
  }));

/**
 * Web features that may not use each other at all, not even through `api.ts`: what both need (the stacks, a
 * mentor's details) lives in lib/, so neither depends on the other.
 */
const separateFeatures = [['mentors', 'assessment']];

function separateZones(dir, pairs) {
  return pairs.flatMap(([a, b]) =>
    [
      [a, b],
      [b, a],
    ].map(([target, from]) => ({
      target: `./${dir}/${target}`,
      from: `./${dir}/${from}`,
      message: `${target} and ${from} do not import each other; what both need lives in lib/.`,
    })),
  );
}

/**
 * The import boundaries of DESIGN.md §2, for a repository rooted at `rootDir`. With `featureTests`, the zones
 * for a web feature's test files, which may import the app and other features (see createConfig).
 */
export function boundaryZones(rootDir, { featureTests = false } = {}) {
  return [
    ...(featureTests
      ? []
      : [
          ...featureZones(rootDir, `${web}/features`, 'api.ts'),
          ...separateZones(`${web}/features`, separateFeatures),
        ]),
    ...moduleZones(rootDir, `${api}/modules`),
    // Web layers: app -> features -> components/lib -> shared.
    {
      target: [...(featureTests ? [] : [`./${web}/features`]), `./${web}/components`, `./${web}/lib`],
      from: `./${web}/app`,
      message: 'Only the app layer composes the app.',
    },
    {
      target: [`./${web}/components`, `./${web}/lib`],
      from: `./${web}/features`,
      message: 'Shared components and lib must not depend on a feature.',
    },
    // Api layers: routes -> service -> db/adapters -> shared.
    {
      target: [`./${api}/context`, `./${api}/lib`, `./${api}/sessions`],
      from: `./${api}/modules`,
      message:
        'context, lib and sessions sit below the modules: a module implements their ports (context/ports.ts).',
    },
    {
      target: [`./${api}/db`, `./${api}/adapters`],
      from: [`./${api}/modules`, `./${api}/plugins`],
      message: 'db and adapters sit below the modules.',
    },
    // The shared package is the bottom layer of both apps.
    { target: './packages/shared', from: './apps', message: 'packages/shared must not import an app.' },
    { target: './apps/web', from: './apps/api', message: 'The web app never imports server code.' },
    { target: './apps/api', from: './apps/web', message: 'The api never imports browser code.' },
  ];
}

/** The whole lint configuration; a test builds it over a fixture tree to prove the boundaries bite. */
export function createConfig(rootDir) {
  return tseslint.config(
    {
      ignores: [
        '**/node_modules/**',
        '**/dist/**',
        '**/data/**',
        'test-results/**',
        'playwright-report/**',
        'apps/api/drizzle/**',
        '**/*.d.ts',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.node } },
      plugins: { 'import-x': importX },
      settings: {
        // Without these, import-x cannot parse the TypeScript files an import leads to, and no-cycle sees nothing.
        'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
        'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'].map((p) => path.join(rootDir, p)),
            noWarnOnMultipleProjects: true,
          }),
        ],
      },
      rules: {
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'import-x/no-restricted-paths': ['error', { zones: boundaryZones(rootDir), basePath: rootDir }],
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-imports': 'error',
      },
    },
    {
      // Nothing imports a test, so no cycle can pass through one: the cycles are found from the files they join.
      files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
      rules: { 'import-x/no-cycle': 'off' },
    },
    {
      // A test is a leaf: nothing imports it, so its imports tie no feature to another or to the app. A feature's
      // page test renders the page where the app puts it (its route, layout and header), as a visitor meets it.
      files: [`${web}/features/**/*.test.{ts,tsx}`],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          { zones: boundaryZones(rootDir, { featureTests: true }), basePath: rootDir },
        ],
      },
    },
    {
      files: ['apps/web/**/*.{ts,tsx}'],
      languageOptions: { globals: { ...globals.browser } },
      // The React Compiler era rules (purity, refs during render, state set in effects, ...) on top of the hooks rules.
      ...reactHooks.configs.flat.recommended,
      rules: {
        ...reactHooks.configs.flat.recommended.rules,
        'react-hooks/exhaustive-deps': 'error',
        'no-restricted-imports': [
          'error',
          {
            paths: [
              {
                name: 'react-redux',
                importNames: ['useDispatch', 'useSelector'],
                message:
                  'Use useAppDispatch and useAppSelector from lib/store-hooks.ts: they know the store.',
              },
            ],
          },
        ],
      },
    },
    { files: [`${web}/lib/store-hooks.ts`], rules: { 'no-restricted-imports': 'off' } },
  );
}

export default createConfig(import.meta.dirname);
