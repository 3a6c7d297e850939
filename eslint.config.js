import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importBoundaries } from './scripts/lint/import-boundaries.js';

const root = import.meta.dirname;
const folders = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Which web features each feature may use, through the other's `index.ts` only (decision 0009).
 * The graph has no cycle; where two features meet on one screen, the screen lives in src/app/routes.
 */
const WEB_FEATURE_USES = {
  company: ['memories'],
  customers: ['rates', 'memories'],
  memories: ['languages'],
  invoices: ['customers'],
  quotes: ['tasks'],
  'guest-tasks': ['tasks', 'messages'],
  tasks: ['messages'],
  glossaries: ['customers', 'languages'],
  rates: ['languages', 'settings'],
  users: ['customers', 'departments'],
  account: ['notifications'],
  sso: ['customers'],
};

function assertAcyclic(graph) {
  const done = new Set();
  const visit = (name, path) => {
    if (path.includes(name)) throw new Error(`WEB_FEATURE_USES has a cycle: ${[...path, name].join(' -> ')}`);
    if (done.has(name)) return;
    for (const next of graph[name] ?? []) visit(next, [...path, name]);
    done.add(name);
  };
  Object.keys(graph).forEach((name) => visit(name, []));
}
assertAcyclic(WEB_FEATURE_USES);

const WEB = 'apps/web/src';
const webFeatures = folders(`${WEB}/features`);
const webFeatureZones = webFeatures.flatMap((feature) =>
  webFeatures
    .filter((other) => other !== feature)
    .map((other) =>
      (WEB_FEATURE_USES[feature] ?? []).includes(other)
        ? {
            target: `${WEB}/features/${feature}`,
            from: `${WEB}/features/${other}`,
            except: ['./index.ts'],
            message: `Use features/${other} through its public index.ts.`,
          }
        : {
            target: `${WEB}/features/${feature}`,
            from: `${WEB}/features/${other}`,
            message: `features/${feature} does not use features/${other} (WEB_FEATURE_USES in eslint.config.js).`,
          },
    ),
);

const API_MODULES = 'apps/api/src/modules';
const apiModules = folders(API_MODULES);
const apiRepositoryZones = apiModules.map((module) => ({
  target: `${API_MODULES}/${module}`,
  from: apiModules
    .filter((other) => other !== module)
    .flatMap((other) => [`${API_MODULES}/${other}/repository.ts`, `${API_MODULES}/${other}/repository`]),
  message: "Another module's repository is private: use its service.ts.",
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'apps/api/src/db/migrations/**',
      'packages/analysis/test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/**', '@verba/analysis'],
              message: 'The web app imports only @verba/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    // Import cycles are checked by dependency-cruiser (.dependency-cruiser.mjs, npm run lint:cycles).
    plugins: { verba: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      'verba/import-boundaries': [
        'error',
        {
          basePath: root,
          zones: [
            ...webFeatureZones,
            {
              target: `${WEB}/app`,
              from: `${root}/${WEB}/features/**`,
              except: [`${root}/${WEB}/features/*/index.ts`, `${root}/${WEB}/features/*/routes/*`],
              message:
                'src/app uses a feature through its index.ts (the router also lazily loads its routes/).',
            },
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: 'A feature does not import src/app: the app composes features, not the reverse.',
            },
            {
              target: [`${WEB}/components`, `${WEB}/lib`],
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'Shared components and lib know no feature and no app module.',
            },
            ...apiRepositoryZones,
          ],
        },
      ],
    },
  },
  {
    files: ['packages/analysis/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@verba/*', '**/apps/**'], message: 'analysis imports nothing of ours.' }] },
      ],
    },
  },
);
