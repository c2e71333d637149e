/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { demoServicePlugin } from './src/service-double/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), demoServicePlugin(), preloadAppChunk()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // One small entry; the pane, downloads and devtools load on demand.
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
 * src/main.ts loads the UI with a dynamic import so its requests start first;
 * a modulepreload link lets the browser download the UI chunk in parallel.
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'threadline-preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' &&
            (output.facadeModuleId?.endsWith('/src/app/start.tsx') || output.name === 'start'),
        );
        if (!chunk)
          throw new Error('The UI chunk (src/app/start.tsx) was not found in the bundle.');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
