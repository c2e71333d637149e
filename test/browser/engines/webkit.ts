import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, By, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { freePort } from '../free-port';
import { expect, serviceTest } from '../fixtures';

/**
 * WebKit (Safari's engine) as Debian ships it: WebKitGTK's MiniBrowser, driven by its
 * WebKitWebDriver (package webkit2gtk-driver) over classic WebDriver, under Xvfb (MiniBrowser has
 * no headless mode). Playwright cannot drive this WebKit (it needs its own patched build), so the
 * WebKit smoke is a Playwright spec that never asks for `page` and talks to the driver through
 * selenium-webdriver, pointed at the driver we start: Selenium Manager never runs.
 *
 * WebKitWebDriver 2.50 offers no WebDriver BiDi (a session asking for `webSocketUrl: true` is
 * refused: "Failed to match capabilities"), so there is no console log to subscribe to: the page
 * records its own errors and CSP violations (`armErrorRecorder`), read back by the fixture.
 */

const MULTIARCH: Partial<Record<NodeJS.Architecture, string>> = {
  x64: 'x86_64-linux-gnu',
  arm64: 'aarch64-linux-gnu',
};

export const MINIBROWSER_PATH =
  process.env.WEBKIT_MINIBROWSER_PATH ??
  `/usr/lib/${MULTIARCH[process.arch] ?? `${process.arch}-linux-gnu`}/webkit2gtk-4.1/MiniBrowser`;
const DRIVER = process.env.WEBKIT_DRIVER_PATH ?? 'WebKitWebDriver';
const DRIVER_READY_MS = 30_000;
const STOP_GRACE_MS = 5_000;

/** A running `xvfb-run -a WebKitWebDriver`, its own process group, with a private home. */
export interface WebKitDriver {
  url: string;
  /** HOME of the driver and every browser it starts (config, cache, downloads). */
  home: string;
  stop(): Promise<void>;
}

/** Processes of a group that have not ended (zombies, already ended, wait to be reaped). */
async function liveMembers(pgid: number): Promise<number[]> {
  const live: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses: split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') live.push(Number(name));
  }
  return live;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Ends the group: SIGTERM (xvfb-run, Xvfb, the driver, MiniBrowser and WebKit's own processes all
 * share it), SIGKILL for whatever is left after a grace period; throws if anything survives.
 */
async function stopGroup(child: ChildProcess) {
  const pgid = child.pid;
  if (pgid === undefined) return;
  signalGroup(pgid, 'SIGTERM');
  if (await waitUntil(async () => (await liveMembers(pgid)).length === 0, STOP_GRACE_MS)) return;
  signalGroup(pgid, 'SIGKILL');
  if (await waitUntil(async () => (await liveMembers(pgid)).length === 0, STOP_GRACE_MS)) return;
  throw new Error(`WebKit processes still running: ${(await liveMembers(pgid)).join(', ')}`);
}

async function startOnce(home: string): Promise<WebKitDriver> {
  const port = await freePort();
  const child = spawn('xvfb-run', ['-a', DRIVER, `--port=${port}`, '--host=127.0.0.1'], {
    // Its own process group, so that one signal reaches Xvfb, the driver and the browser.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      // xvfb-run's Xauthority directory: removed with the home whatever ends it.
      TMPDIR: join(home, 'tmp'),
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const ready = await waitUntil(async () => {
    if (exited) return true;
    const status = await fetch(`${url}/status`)
      .then((response) => response.json() as Promise<{ value?: { ready?: boolean } }>)
      .catch(() => null);
    return status?.value?.ready === true;
  }, DRIVER_READY_MS);
  if (!ready || exited) {
    await stopGroup(child);
    throw new Error(`WebKitWebDriver did not start on port ${port}:\n${stderr}`);
  }
  return { url, home, stop: () => stopGroup(child) };
}

/**
 * Starts `xvfb-run -a WebKitWebDriver` on a free port. Two starts at once can pick the same port
 * or X display; the loser exits at once and is started again.
 */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  if (!existsSync(MINIBROWSER_PATH)) {
    throw new Error(
      `No MiniBrowser at ${MINIBROWSER_PATH}: install webkit2gtk-driver and xvfb (test/ensure-browsers.sh).`,
    );
  }
  const home = await mkdtemp(join(tmpdir(), 'threadline-webkit-'));
  await mkdir(join(home, 'tmp'), { recursive: true });
  await mkdir(join(home, '.config'), { recursive: true });
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const driver = await startOnce(home);
      return {
        ...driver,
        stop: async () => {
          try {
            await driver.stop();
          } finally {
            await rm(home, { recursive: true, force: true });
          }
        },
      };
    } catch (error) {
      lastError = error;
    }
  }
  await rm(home, { recursive: true, force: true });
  throw lastError;
}

/**
 * A MiniBrowser session whose downloads land in `downloadsDir`: GLib reads the download folder
 * from user-dirs.dirs when the browser starts, and each session starts its own browser.
 */
export async function startWebKitSession(
  driver: WebKitDriver,
  downloadsDir: string,
): Promise<WebDriver> {
  await mkdir(downloadsDir, { recursive: true });
  await writeFile(
    join(driver.home, '.config', 'user-dirs.dirs'),
    `XDG_DOWNLOAD_DIR="${downloadsDir}"\n`,
  );
  const session = await new Builder()
    // Our driver, whatever SELENIUM_REMOTE_URL says; a server URL also means Selenium Manager
    // (which would look for and download drivers) never runs.
    .disableEnvironmentOverrides()
    .usingServer(driver.url)
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
    })
    .build();
  await session.manage().window().setRect({ x: 0, y: 0, width: 1280, height: 960 });
  return session;
}

/**
 * Records, in the page, what the test must not see: CSP violations (Trusted Types included),
 * uncaught errors and rejections, console.error. Armed after each load; a load (the sign-in to
 * another origin reloads the page) drops it, so `pageErrors` re-arms it. What happens before it is
 * armed, during a load, is not seen.
 */
export async function armErrorRecorder(driver: WebDriver) {
  await driver.executeScript(`
    if (window.__smokeErrors) return;
    const errors = (window.__smokeErrors = []);
    addEventListener('securitypolicyviolation', (event) =>
      errors.push('CSP ' + event.effectiveDirective + ' blocked ' + event.blockedURI));
    addEventListener('error', (event) => errors.push('Uncaught: ' + event.message));
    addEventListener('unhandledrejection', (event) =>
      errors.push('Unhandled rejection: ' + String(event.reason)));
    const original = console.error;
    console.error = (...args) => {
      errors.push(args.map(String).join(' '));
      original.apply(console, args);
    };
  `);
}

/** What the recorder saw since it was armed in this document (re-armed for the next). */
export async function pageErrors(driver: WebDriver): Promise<string[]> {
  const seen = await driver.executeScript<string[] | null>('return window.__smokeErrors ?? null');
  await armErrorRecorder(driver);
  return seen ?? [];
}

interface WebKitFixtures {
  /** A MiniBrowser session for this test; its page errors fail the test. */
  webkit: WebKitPage;
}

interface WebKitWorkerFixtures {
  webkitDriver: WebKitDriver;
}

/** The session, where the app is served, and where this test's downloads land. */
export interface WebKitPage {
  driver: WebDriver;
  baseURL: string;
  downloadsDir: string;
  /** Loads a path of the app and arms the error recorder. */
  goto(path: string): Promise<void>;
  /**
   * Keeps what the recorder saw in this document and re-arms it: call it before something that
   * reloads the page (the recorder goes with the document) and after the new one has loaded.
   */
  keepErrors(): Promise<void>;
}

export const webkitTest = serviceTest.extend<WebKitFixtures, WebKitWorkerFixtures>({
  webkitDriver: [
    // Playwright reads a fixture's dependencies from its first parameter; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const driver = await startWebKitDriver();
      try {
        await use(driver);
      } finally {
        await driver.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  webkit: async ({ webkitDriver, baseURL }, use, testInfo) => {
    if (!baseURL) throw new Error('The WebKit smoke needs use.baseURL (playwright.config.ts)');
    const downloadsDir = join(
      webkitDriver.home,
      'downloads',
      `${testInfo.testId}-${testInfo.repeatEachIndex}`,
    );
    const driver = await startWebKitSession(webkitDriver, downloadsDir);
    const errors: string[] = [];
    const keepErrors = async () => {
      errors.push(...(await pageErrors(driver)));
    };
    try {
      await use({
        driver,
        baseURL,
        downloadsDir,
        goto: async (path) => {
          await keepErrors();
          await driver.get(new URL(path, baseURL).href);
          await armErrorRecorder(driver);
        },
        keepErrors,
      });
      await keepErrors();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('webkit-screenshot.png', {
          body: Buffer.from(await driver.takeScreenshot(), 'base64'),
          contentType: 'image/png',
        });
      }
    } finally {
      await driver.quit();
      await rm(downloadsDir, { recursive: true, force: true });
    }
    expect(errors, 'errors and CSP violations in WebKit during the test').toEqual([]);
  },
});

// --- Finding things the way the Playwright specs do (label, role and name), over WebDriver ---

/** The form control a <label> with exactly this text is for. */
export async function fieldByLabel(driver: WebDriver, label: string): Promise<WebElement> {
  const field = await driver.wait(
    async () =>
      driver.executeScript<WebElement | null>(
        `const label = [...document.querySelectorAll('label')]
           .find((element) => element.textContent.trim() === arguments[0]);
         return label?.control ?? null;`,
        label,
      ),
    10_000,
    `No field labelled "${label}"`,
  );
  return field!;
}

function xpathLiteral(text: string): string {
  return text.includes('"') ? `concat("${text.split('"').join(`", '"', "`)}")` : `"${text}"`;
}

/** A button whose accessible name (aria-label, else its text) is exactly `name`. */
export function button(name: string): By {
  const literal = xpathLiteral(name);
  return By.xpath(
    // Or its name is in a visually hidden part beside a shorter visible word marked aria-hidden
    // ("View" shown, "View manual.pdf" read): XPath 1 cannot leave the hidden text out of `.`.
    `//button[@aria-label=${literal} or (not(@aria-label) and (normalize-space(.)=${literal} or .//*[not(@aria-hidden="true") and normalize-space(.)=${literal}]))]`,
  );
}

/** Replaces a field's text by typing, as an agent does (select all, delete, type). */
export async function typeInto(field: WebElement, text: string) {
  await field.sendKeys(Key.chord(Key.CONTROL, 'a'));
  await field.sendKeys(Key.BACK_SPACE);
  await field.sendKeys(text);
}

/** Keys pressed on whatever has focus (WebDriver actions), one at a time. */
export async function press(driver: WebDriver, ...keys: string[]) {
  for (const key of keys) await driver.actions().sendKeys(key).perform();
}

/**
 * The first displayed element `locator` finds, once there is one. Found afresh each time: React
 * may replace an element between two looks (the rows drawn before it starts, for one).
 */
export async function waitFor(driver: WebDriver, locator: By, timeoutMs = 15_000) {
  const found = await driver.wait(
    async () => {
      // WebKit's driver may throw "stale element" from a find that raced a DOM change.
      const elements = await driver.findElements(locator).catch(() => []);
      for (const element of elements) {
        if (await element.isDisplayed().catch(() => false)) return element;
      }
      return null;
    },
    timeoutMs,
    `Nothing displayed for ${locator.toString()}`,
  );
  return found!;
}
