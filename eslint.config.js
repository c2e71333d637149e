import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/** Every folder under src/features is a feature; each may import only itself and shared code. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Layers (bulletproof-react): shared code (api/, lib/, ui/) -> features/<name>/ -> app/.
 * Imports run one way, features never import each other, and nothing in the
 * app may reach the Node-only service double.
 */
const noServiceDouble = {
  group: ['**/service-double/**', '**/service-double'],
  message: 'The service double is Node-only test/demo code and must stay out of the app bundle.',
};

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
        { allowlist: { types: ['ServiceSession'], variables: ['timeoutMs', 'messagesPath'] } },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['src/api/**', 'src/lib/**', 'src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServiceDouble,
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code (api, lib, ui) must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServiceDouble,
            { group: ['**/app/**'], message: 'Features must not import the app layer.' },
            {
              // Inside a feature any relative path is fine; reaching another feature's folder is not.
              regex: `^(\\.\\./)+(${features.filter((other) => other !== feature).join('|')})(/|$)`,
              message:
                'Features must not import each other; move shared code to api/, lib/ or ui/, or compose them in app/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/app/**', 'src/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noServiceDouble] }],
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
