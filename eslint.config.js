// ESLint 9 flat config: typescript-eslint's type-checked rules everywhere, the Rules of React in the
// web app, and the import boundaries of DESIGN §3 (bulletproof-react style) via no-restricted-imports.
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = new URL('.', import.meta.url);

/** Sub-folders of a folder (features or modules); read at lint time so a new one is covered at once. */
const foldersIn = (path) =>
  existsSync(new URL(path, root))
    ? readdirSync(new URL(path, root), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Relative climbs out of the current folder tree to `target` (src/<target>), at any depth. */
const intoSrc = (target) => `^(\\.\\./)+(src/)?${target}(/|$)`;

const noServerFromWeb = {
  regex: intoSrc('server'),
  message: 'The web app may not import server code; share it through src/shared.',
};
const noWebFromServer = {
  regex: intoSrc('web'),
  message: 'The server may not import web code; share it through src/shared.',
};

/**
 * A feature may use another feature only through that feature's public surface: its index.ts, or a narrow
 * public entry beside it (`public-<what>.ts`) that exposes a light part of that surface without the rest
 * (ADR 0066: the navbar's buttons without the forms they open); its api, components and hooks are its own
 * business.
 */
const otherFeatureInternals = (feature, features) => {
  const others = features.filter((f) => f !== feature).map(escape);
  if (others.length === 0) return [];
  const names = others.join('|');
  return [
    {
      regex: `(^(\\.\\./)+|(^|/)features/)(${names})/(?!(index|public-[\\w-]+)(\\.tsx?)?$).+`,
      message: 'Import another feature only through its index.ts or a public-<what>.ts beside it (src/web/features/<name>/).',
    },
  ];
};

const webFeatures = foldersIn('src/web/features');

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'coverage/**', '**/.vite/**'] },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // An async Fastify handler or hook that returns a value without awaiting is idiomatic.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-imports': ['error', { patterns: [noWebFromServer] }],
    },
  },

  // Plain JavaScript (scripts, this file) is not part of the TypeScript project.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.{js,mjs,cjs}'], rules: { '@typescript-eslint/consistent-type-imports': 'off' } },

  // The web app: browser globals and the Rules of React.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerFromWeb] }] },
  },
  ...webFeatures.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerFromWeb, ...otherFeatureInternals(feature, webFeatures)] }] },
  })),

  // The contract is used by both sides, so it may depend on neither.
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: intoSrc('(server|web)'), message: 'src/shared is the contract of both sides: it may not import src/server or src/web.' },
          ],
        },
      ],
    },
  },

  // A module's routes are wired up by app.ts only; other modules call its service.
  {
    files: ['src/server/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noWebFromServer,
            {
              regex: '^(\\.\\./)+(modules/)?[\\w-]+/routes(\\.ts)?$',
              message: "Do not import another module's routes.ts; call its service (app.ts wires routes).",
            },
          ],
        },
      ],
    },
  },
);
