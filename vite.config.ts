/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { demoServicePlugin } from './service-double/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), demoServicePlugin(), prefetchAppChunk(), trustedTypesInBuildOnly()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // One small entry (src/boot/); the UI code is prefetched, the pane and downloads load on demand.
    modulePreload: { polyfill: false },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 15_000,
  },
});

/**
 * src/main.ts starts the UI code with a dynamic import once the first rows are
 * drawn. Prefetch links let the browser download that chunk and the chunks it
 * imports in parallel, at low priority and without compiling them yet, so they
 * are in the HTTP cache when needed and do not compete with the first rows.
 */
function prefetchAppChunk(): Plugin {
  return {
    name: 'threadline-prefetch-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' &&
            (output.facadeModuleId?.endsWith('/src/app/start.tsx') || output.name === 'start'),
        );
        if (!chunk || chunk.type !== 'chunk')
          throw new Error('The UI chunk (src/app/start.tsx) was not found in the bundle.');
        const entryFiles = new Set(
          Object.values(bundle ?? {}).flatMap((output) =>
            output.type === 'chunk' && output.isEntry ? [output.fileName, ...output.imports] : [],
          ),
        );
        const files = [chunk.fileName, ...chunk.imports].filter((file) => !entryFiles.has(file));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'prefetch', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * index.html requires Trusted Types for scripts (src/lib/trusted-types.ts). In the dev server only,
 * that requirement is dropped: the React Query devtools (loaded in dev only) build their DOM with
 * innerHTML, which Chromium blocks (an uncaught error, no devtools). The built app (preview,
 * browser tests, deployments) keeps it; the policy name (`trusted-types`) stays in force in dev.
 */
function trustedTypesInBuildOnly(): Plugin {
  const requirement = "; require-trusted-types-for 'script'";
  return {
    name: 'threadline-trusted-types-in-build-only',
    apply: 'serve',
    transformIndexHtml(html) {
      if (!html.includes(requirement))
        throw new Error(`index.html's CSP no longer contains "${requirement.slice(2)}".`);
      return html.replace(requirement, '');
    },
  };
}
