// @ts-check
/**
 * Lint that holds the architecture, so the boundaries the README describes are rules, not sentences:
 * - typescript-eslint's type-checked rules, so a promise is never left floating or passed where
 *   nothing awaits it (async handlers, the local cloud, React event handlers);
 * - React's hooks rules in the web app (and its tests);
 * - jsx-a11y's recommended rules on the web app's JSX, so a control without a name, a click on a
 *   non-interactive element or a bad ARIA attribute fails lint before axe-core meets it in the e2e run;
 * - the one-way imports the README promises, as `import/no-restricted-paths` zones on resolved
 *   paths (a relative `../auth/x` and a `../../features/auth/x` are the same file to it), the rule
 *   bulletproof-react uses. eslint-plugin-import rather than its fork eslint-plugin-import-x: the
 *   fork's resolver is a native module whose builds for most platforms are not on our registry,
 *   which breaks `npm ci`; this one resolves in plain JavaScript.
 * Import cycles are `npm run check:cycles` (infra/tools/importCycles.ts), not `import/no-cycle`: the
 * rule re-read the modules each import leads to, 70 of lint's 126 s here; dpdm reads each once.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import unicorn from 'eslint-plugin-unicorn';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const root = import.meta.dirname;

/** web/src/features/*: each is a feature, and no feature imports another one. */
const features = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Who may import whom. Each zone forbids files under `target` to import files under `from`; paths
 * are resolved first (the resolver below knows `.ts`/`.tsx`). An import that does not resolve is
 * not checked: `@contract/<module>` (allowed everywhere), and mistakes that `npm run typecheck` reports.
 */
const boundaries = [
  // functions/ is bundled into Lambdas on its own: it is the bottom layer of the repository. The one
  // exception is the page function, which renders the web app's own components (README, "How it fits together") through
  // its server entry: only functions/handlers/pages may import that, and nothing else of web/.
  ...[{ from: ['infra', 'test'] }, { from: 'web', except: ['./src/server/renderDocument.tsx'] }].map((zone) => ({
    target: 'functions',
    ...zone,
    message: 'functions/ is deployed on its own: it never imports infra/, web/ or test/.',
  })),
  {
    target: [
      ...readdirSync(new URL('functions/', import.meta.url))
        .filter((name) => name !== 'handlers')
        .map((name) => `functions/${name}`),
      ...readdirSync(new URL('functions/handlers/', import.meta.url))
        .filter((name) => name !== 'pages')
        .map((name) => `functions/handlers/${name}`),
    ],
    from: 'web',
    message: 'Only the page function (functions/handlers/pages) renders web pages.',
  },
  // The local cloud stands in for AWS on one machine: nothing that is deployed, and nothing of the stack,
  // may lean on it, or code would pass locally that cannot run on AWS. Only it and the tests import it.
  {
    target: [
      'functions',
      'web',
      ...readdirSync(new URL('infra/', import.meta.url))
        .filter((name) => name !== 'local')
        .map((name) => `infra/${name}`),
    ],
    from: 'infra/local',
    message: 'infra/local is the local cloud: only infra/local itself and test/ import it. Move what you need into functions/ or infra/.',
  },
  // …and it drives the functions only as AWS does: through their declarations (infra/functions.ts), their
  // tables and the contract. Domain code and handlers are loaded by path, never imported.
  {
    target: 'infra/local',
    from: 'functions',
    except: ['./contract.ts', './contract', './config.ts', './store', './filterPatterns.ts'],
    message:
      "infra/local imports from functions/ only the contract, the configuration (config.ts), the store (store/) and Lambda's filter patterns (filterPatterns.ts): take a store adapter, not a domain port or a handler.",
  },
  // Handlers reach the tables through the wiring (functions/wiring.ts), stream images included
  // (functions/store/streamImages.ts): a handler that read DynamoDB items itself would tie the edge to
  // the table layout.
  {
    target: 'functions/handlers',
    from: 'functions/store/dynamodb',
    message: 'Handlers never import functions/store/dynamodb: take the store, or the stream decoder, from functions/wiring.ts.',
  },
  // The web app shares only the contract with the back end.
  { target: 'web', from: 'infra', message: 'web/ never imports infra/.' },
  {
    target: 'web',
    from: 'functions',
    except: ['./contract'],
    message: 'web/ imports nothing from functions/ but the contract (`@contract/<module>`).',
  },
  // In web/src, imports go one way: components and lib → features → app (and main.tsx). The app composes
  // features: its routes (app/routes) and the parts of a post card or a comment (app/cardParts.tsx, handed
  // to components/PostCard through a context), so votes, «Guardar» and «Denunciar» stay features of their own.
  {
    target: ['web/src/components', 'web/src/lib'],
    from: ['web/src/features', 'web/src/app', 'web/src/main.tsx'],
    message: 'Shared code (web/src/components, web/src/lib) never imports a feature or the app.',
  },
  {
    target: 'web/src/features',
    from: ['web/src/app', 'web/src/main.tsx'],
    message: 'A feature never imports the app: web/src/app composes features, not the other way round.',
  },
  ...features.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `web/src/features/${other}`),
    message: `A feature never imports another feature: move what ${feature} needs to web/src/lib or web/src/components, or wire the two in web/src/app (a card's parts: web/src/app/cardParts.tsx).`,
  })),
];

export default defineConfig(
  {
    // *.lintProbe.ts(x): files test/unit/lintBoundaries.test.ts writes for a moment, meant to fail lint.
    ignores: [
      'node_modules',
      'cdk.out',
      'web/dist',
      '.data',
      'coverage',
      'bench-results',
      'test-results',
      '**/*.lintProbe.ts',
      '**/*.lintProbe.tsx',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Explicit projects rather than `projectService`: test/web is type-checked by web/tsconfig.json
        // (DOM, JSX, `@contract/*`), which is not the nearest tsconfig.json to it; and on this repository
        // the two programs lint faster than the project service.
        project: ['./tsconfig.json', './web/tsconfig.json'],
        tsconfigRootDir: root,
      },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Both are in recommendedTypeChecked; named here because the architecture relies on them.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'import/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      'no-console': 'off',
    },
  },
  {
    // One file-name case: modules are camelCase (`postRepository.ts`, `guardian.mjs`); a .tsx file is a
    // React component (PascalCase, `PostCard.tsx`) or a camelCase module that holds JSX (`main.tsx`).
    files: ['**/*.{ts,mjs,js,cjs}'],
    plugins: { unicorn },
    rules: { 'unicorn/filename-case': ['error', { case: 'camelCase' }] },
  },
  {
    files: ['**/*.tsx'],
    plugins: { unicorn },
    rules: { 'unicorn/filename-case': ['error', { cases: { camelCase: true, pascalCase: true } }] },
  },
  {
    // Configuration files in plain JavaScript are in neither TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      // Test doubles stand in for async interfaces: `async () => value` is the plain way to write
      // one, and an `await` in it would only be noise. Product code keeps the rule.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['test/**/*.test.{ts,tsx}'],
    rules: {
      // Vitest types its asymmetric matchers (`expect.any(String)`, `expect.stringContaining(…)`) as
      // `any`, so every `toEqual({ id: expect.any(String) })` would be an "unsafe assignment".
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
