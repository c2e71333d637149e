import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { build, type Plugin } from 'vite';
import { startAppServer, type AppServer } from './app-server';
import { expectedSha256, quietConversationId, savedSha256, throttled } from './download-helpers';
import {
  appStarted,
  conversationList,
  conversationPane,
  EVERY_ENGINE,
  expect,
  signIn,
  test,
} from './fixtures';

/**
 * A new version (issue 21): an open tab notices a new build once it is deployed and the agent
 * comes back to it, offers "A new version of Threadline is ready" with Reload, never reloads by
 * itself, asks first while a download runs in the page, and lets the downloads the browser is
 * receiving from the worker finish before the new version takes over.
 *
 * The first build is Playwright's ($PLAYWRIGHT_OUT_DIR); the second is built here from the same
 * source with one difference, a mark its start-up code puts on the page, so a test can tell which
 * build runs. Both are served in turn by a server of the test's own (app-server.ts).
 */

const REPO = process.cwd();
const FIRST_BUILD = join(REPO, process.env.PLAYWRIGHT_OUT_DIR ?? 'dist');
const MB = 1024 * 1024;
const READY = 'A new version of Threadline is ready.';

/** The second build: the start-up code marks the page it runs in. */
function markedAsSecond(): Plugin {
  return {
    name: 'test-second-build',
    enforce: 'post',
    transform(code, id) {
      if (!id.endsWith('/src/boot/main.ts')) return null;
      return `${code}\ndocument.documentElement.dataset.build = 'second';\n`;
    },
  };
}

let secondBuild = '';

/** The tab as the agent leaves it and comes back to it (headless Chromium's tabs never hide). */
async function hideAndShow(page: Page) {
  await page.evaluate(() => {
    const set = (hidden: boolean) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (hidden ? 'hidden' : 'visible'),
      });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    };
    set(true);
    set(false);
  });
}

function buildOf(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.dataset.build ?? 'first');
}

/**
 * `buildOf` for a poll across the reload to the new version: a question asked as the page goes
 * loses its context (CI saw it), and is asked again.
 */
function buildOnceLoaded(page: Page): Promise<string> {
  return buildOf(page).catch((error: unknown) => {
    if (error instanceof Error && /Execution context was destroyed/.test(error.message)) {
      return 'reloading';
    }
    throw error;
  });
}

/** Signs in on `server` (the first build), once the worker controls the page. */
async function openFirstBuild(page: Page, server: AppServer, ...args: Parameters<typeof signIn>) {
  const [, service, options] = args;
  await signIn(page, service, { path: `${server.origin}${options?.path ?? '/'}` });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await buildOf(page)).toBe('first');
}

test(
  'a first visit offers no new version: the worker that starts with it is this version',
  { tag: EVERY_ENGINE },
  async ({ page, service }) => {
    const server = await startAppServer(FIRST_BUILD);
    try {
      // Signed out: the worker installs and takes the page over while the form is shown.
      await page.goto(`${server.origin}/`);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // Long enough for the worker's last state change to have reached the page.
      await page.waitForTimeout(1500);
      await expect(page.getByText(READY)).toHaveCount(0);
      await signIn(page, service, { path: `${server.origin}/` });
      await appStarted(page);
      await expect(conversationList(page).getByRole('link').first()).toBeVisible();
      await expect(page.getByText(READY)).toHaveCount(0);
    } finally {
      await server.stop();
    }
  },
);

test.describe('a second build deployed', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    secondBuild = await mkdtemp(join(tmpdir(), 'threadline-second-build-'));
    await build({
      root: REPO,
      configFile: join(REPO, 'vite.config.ts'),
      configLoader: 'runner',
      logLevel: 'error',
      plugins: [markedAsSecond()],
      build: { outDir: secondBuild, emptyOutDir: true, sourcemap: false },
    });
  });

  test.afterAll(async () => {
    if (secondBuild) await rm(secondBuild, { recursive: true, force: true });
  });

  test('a new build deployed: the tab offers it when the agent comes back, asks first while a download runs in the page, and Reload runs it', async ({
    page,
    service,
  }) => {
    const slow = await throttled(service, 2 * MB);
    const server = await startAppServer(FIRST_BUILD);
    try {
      const id = quietConversationId(service);
      service.state.addAttachment(id, {
        fileName: 'report.bin',
        mimeType: 'application/octet-stream',
        size: 30 * MB,
      });
      await openFirstBuild(page, server, page, slow, { path: `/conversations/${id}` });
      // Marks this document: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      server.setRoot(secondBuild);
      await hideAndShow(page);
      const notice = page.getByText(READY);
      await expect(notice).toBeVisible();
      const reload = page.getByRole('button', { name: 'Reload' });
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      expect(await buildOf(page)).toBe('first');

      // A download runs in the page: Reload asks first, and staying keeps it (and the offer).
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.dismiss();
      });
      await conversationPane(page, id)
        .getByRole('button', { name: 'Download report.bin', exact: true })
        .click();
      await expect(page.getByRole('button', { name: 'Downloads, 1 running' })).toBeVisible();
      await reload.click();
      await expect.poll(() => dialogs).toEqual(['beforeunload']);
      await expect(reload).toBeVisible();
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      await expect(page.getByRole('button', { name: 'Downloads, 1 running' })).toBeVisible();
      await page.getByRole('button', { name: 'Downloads, 1 running' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: 'Downloads', exact: true })).toBeVisible();

      // Nothing running: Reload starts the second build.
      await reload.click();
      await expect.poll(() => buildOnceLoaded(page)).toBe('second');
      await expect(conversationPane(page, id)).toBeVisible();
      await appStarted(page);
      await expect(conversationList(page).getByRole('link').first()).toBeVisible();
      await expect(page.getByText(READY)).toHaveCount(0);
      expect(dialogs).toEqual(['beforeunload']);
    } finally {
      await server.stop();
      await slow.close();
    }
  });

  test('downloads the browser is receiving from the worker go on while the new version takes over', async ({
    page,
    service,
  }) => {
    const slow = await throttled(service, 12 * MB);
    const server = await startAppServer(FIRST_BUILD);
    try {
      const id = quietConversationId(service);
      // Over 50 MB: the worker's. Long enough to outlast finding the new version and 3 s after Reload.
      const size = 55 * MB + 5;
      // The worker passes the service's answer on untouched (its name is the safe name), and wraps
      // another's body under its own headers (the safe name differs): both must go on.
      const files = ['untouched.bin', 'wrapped/untouched.bin'].map((fileName) => ({
        fileName,
        spec: service.state.addAttachment(id, {
          fileName,
          mimeType: 'application/octet-stream',
          size,
        }),
      }));
      await openFirstBuild(page, server, page, slow, { path: `/conversations/${id}` });
      const pane = conversationPane(page, id);
      const downloads = [];
      for (const { fileName } of files) {
        const started = page.waitForEvent('download');
        await pane.getByRole('button', { name: `Download ${fileName}`, exact: true }).click();
        downloads.push(await started);
      }

      server.setRoot(secondBuild);
      await hideAndShow(page);
      await page.getByRole('button', { name: 'Reload' }).click();
      const transfers = () =>
        service.state.requests.filter(
          (entry) => entry.method === 'GET' && entry.path.startsWith('/attachments/'),
        );
      // The old worker keeps sending, and the agent is told why the new version waits.
      await expect(
        page.getByText(
          'The new version starts once your browser has received the downloads Threadline is sending it.',
        ),
      ).toBeVisible();
      expect(transfers().filter((entry) => entry.completed)).toEqual([]);
      // It starts once both downloads are done.
      await expect.poll(() => buildOnceLoaded(page), { timeout: 30_000 }).toBe('second');
      for (const [index, download] of downloads.entries()) {
        expect(await savedSha256(download)).toBe(expectedSha256(files[index]!.spec.seed, size));
      }
      // Each file's second request (the worker's; the first was the page's probe) written whole.
      expect(
        transfers().filter((entry) => entry.completed && entry.bytesSent === size),
      ).toHaveLength(2);
    } finally {
      await server.stop();
      await slow.close();
    }
  });
});
