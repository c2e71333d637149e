import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/** Every folder under src/features is a feature; each may import only itself and shared code. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Attributes whose text people read (or hear): a literal there is an untranslated word. */
const READ_ATTRIBUTES =
  '/^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt)$/';

/**
 * Layers (bulletproof-react), lowest first: shared code (api/, lib/, ui/) -> features/<name>/ ->
 * app/ -> the start-up (boot/; src/main.ts before it moved there). Imports only run down the
 * layers, features never import each other, and nothing in src/ may reach the Node-only service
 * double. The zones are checked on resolved files, not on how a path is spelled, so
 * `../../features/x` and `../../../features/x` are caught alike.
 */
const SHARED = ['src/api', 'src/i18n', 'src/lib', 'src/ui'];
const BOOT = ['src/boot', 'src/main.ts'];
const layerZones = [
  {
    target: 'src',
    from: 'service-double',
    message: 'The service double is Node-only test/demo code and must stay out of the app bundle.',
  },
  {
    target: SHARED,
    from: ['src/features', 'src/app', ...BOOT],
    message: 'Shared code (api, i18n, lib, ui) must not import features, the app or the start-up.',
  },
  {
    target: 'src/features',
    from: ['src/app', ...BOOT],
    message: 'Features must not import the app or the start-up; compose them in app/.',
  },
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message:
      'Features must not import each other; move shared code to api/, lib/ or ui/, or compose them in app/.',
  })),
  {
    target: 'src/app',
    from: BOOT,
    message: 'Only the start-up imports the start-up: it is the entry, and it starts the app.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      '.tmp',
      'coverage',
      'test-results',
      'playwright-report',
      'bench-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Untrusted content is never rendered as HTML.',
        },
      ],
    },
  },
  {
    // Every word the app writes goes through the catalogs (src/i18n/): text in JSX, the
    // attributes people read (labels, titles, placeholders) and text in markup descriptions.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/download-worker/**', 'src/i18n/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Untrusted content is never rendered as HTML.',
        },
        {
          selector: 'JSXText[value=/[A-Za-z]{2,}/]',
          message: 'Text the agent reads goes through t() and the catalogs (src/i18n/).',
        },
        {
          selector: `JSXAttribute[name.name=${READ_ATTRIBUTES}] > Literal[value=/[A-Za-z]{2,}/]`,
          message: 'Text the agent reads goes through t() and the catalogs (src/i18n/).',
        },
        {
          selector: `Property[key.value=${READ_ATTRIBUTES}] > Literal.value[value=/[A-Za-z]{2,}/]`,
          message: 'Text the agent reads goes through t() and the catalogs (src/i18n/).',
        },
        {
          selector: "CallExpression[callee.name='h'] > Literal.arguments:not(:first-child)",
          message: 'Text in a markup description goes through t() and the catalogs (src/i18n/).',
        },
      ],
    },
  },
  {
    // React Router's Link, NavLink and Form bring code the app never runs into the first load
    // (vite.config.ts, reactRouterUnusedComponentsDroppable): AppLink links, and routes are
    // objects for useRoutes, so <Routes>'s conversion of <Route> elements is not shipped either.
    // Before the download worker's rule, which replaces this one in its own folder.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router-dom', 'react-router'].map((name) => ({
            name,
            importNames: ['Link', 'NavLink', 'Form', 'Routes', 'Route'],
            message:
              'Use AppLink (src/ui/app-link.tsx) and the route objects of src/app/router.tsx.',
          })),
        },
      ],
    },
  },
  {
    // The download worker is a program of its own, run as a service worker: it shares only its
    // protocol.ts with the page, which imports that file, never the other way round.
    files: ['src/download-worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message: 'The download worker imports only its own folder (src/download-worker/).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['eslint.config.js', 'test/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      // Not part of any query key: the session (a session change clears the whole cache), a
      // timeout (how long to wait, not what is fetched) and the configured messages path (fixed
      // for the page's life).
      '@tanstack/query/exhaustive-deps': [
        'error',
        {
          allowlist: {
            types: ['ServiceSession'],
            variables: ['timeoutMs', 'messagesPath', 'following'],
          },
        },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x resolves a .ts/.tsx import but never reads the file, so a cycle
      // through TypeScript goes unseen.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // A cycle makes the order modules run in depend on which one is imported first. Type-only
      // imports are erased and so exempt; lazy import() counts, since a chunk that imports its
      // importer back is loaded with it.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: layerZones },
      ],
    },
  },
  {
    files: ['test/**', 'service-double/**', '*.config.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
);
