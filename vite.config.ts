/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { demoServicePlugin } from './src/service-double/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), demoServicePlugin()],
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
