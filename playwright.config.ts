import { defineConfig, devices } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const isCi = Boolean(process.env.CI);
// Two local runs at once (say, two checkouts or a bench next to the tests) each need their own
// port and build directory; CI uses the defaults.
const port = Number(process.env.PLAYWRIGHT_PORT ?? 4173);
const outDir = process.env.PLAYWRIGHT_OUT_DIR ?? 'dist';

// The distribution's Chromium (installed by test/ensure-browsers.sh), not Playwright's
// downloaded build: CI is offline-friendly and the browser gets OS security updates.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    // CI runs as root in a container, where Chromium's sandbox cannot start.
    '--no-sandbox',
    '--disable-gpu',
    // Keep the browser from talking to anything but the app under test.
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// Debian's Firefox ESR over WebDriver BiDi, through a launcher that bridges the one command
// Playwright sends and this Firefox lacks (see test/browser/engines/firefox-bidi.mjs).
const firefoxLaunchOptions = {
  executablePath: fileURLToPath(
    new URL('./test/browser/engines/firefox-bidi.mjs', import.meta.url),
  ),
  firefoxUserPrefs: {
    // Light, whatever the machine's theme: the launcher can only confirm, not emulate, a scheme.
    'layout.css.prefers-color-scheme.content-override': 1,
  },
};

export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: isCi ? 1 : 2,
  retries: 0,
  forbidOnly: isCi,
  reporter: 'list',
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // DOM snapshots of a failed test, without the screencast: recording frames of every test
    // (kept or not) cost CPU that the 2-core machine's browser tests are short of.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    acceptDownloads: true,
    launchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'webkit-smoke.spec.ts',
      // The device preset must not replace our launch options (it carries no executablePath, but
      // spreading first and setting launchOptions last keeps that true if presets change).
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'firefox',
      testIgnore: 'webkit-smoke.spec.ts',
      // Tagged EVERY_ENGINE (test/browser/fixtures.ts): the main flows.
      grep: /@every-engine/,
      // Firefox ESR 153's remote agent now and then crashes a content process under Playwright's
      // BiDi client ("Realm.sys.mjs: argument is not a global object", then signal 11), taking the
      // browser down: seen about once in 20 tests here, never in Chromium. A retry starts a fresh
      // browser; the list reporter names every test that needed one ("flaky").
      retries: 2,
      use: {
        ...devices['Desktop Firefox'],
        browserName: 'firefox',
        channel: 'moz-firefox',
        launchOptions: firefoxLaunchOptions,
      },
    },
    // WebKitGTK's MiniBrowser over classic WebDriver (test/browser/engines/webkit.ts): the spec
    // drives it itself, Playwright launches no browser for it. WebKitWebDriver now and then exits
    // between two sessions (the next one's setup then meets ECONNREFUSED until it times out: once
    // in a CI run on 2026-11-27); a retry runs in a new worker with a new driver, and the list
    // reporter names the test ("flaky").
    { name: 'webkit', testMatch: 'webkit-smoke.spec.ts', retries: 1 },
  ],
  webServer: {
    command: `npx vite build --outDir ${outDir} --emptyOutDir && npx vite preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/config.json`,
    reuseExistingServer: !isCi,
    timeout: 120_000,
    stdout: 'ignore',
  },
});
