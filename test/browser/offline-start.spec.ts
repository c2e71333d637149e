import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SHOWCASE_RANKS, type RunningServiceDouble } from '../../service-double/index';
import { startAppServer } from './app-server';
import {
  appStarted,
  BROWSER_TOKEN,
  conversationList,
  conversationPane,
  expect,
  listRequests,
  signIn,
  test,
} from './fixtures';

/**
 * Starts without the network (issue 21): the service worker precaches the build at install and
 * keeps config.json's last good copy, so after one visit the app starts with its server stopped,
 * or the browser offline. The app is served by a server of the test's own (app-server.ts), which
 * it stops, starts again and makes answer config.json badly; the service double stays up.
 */

const BUILD_DIR = join(process.cwd(), process.env.PLAYWRIGHT_OUT_DIR ?? 'dist');
const MB = 1024 * 1024;

function deploymentConfig(service: RunningServiceDouble) {
  return { status: 200, body: JSON.stringify({ serviceUrl: service.url }) };
}

/** Every URL in Cache Storage, in every cache. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

async function saved(page: Page, click: () => Promise<void>) {
  const started = page.waitForEvent('download');
  await click();
  const download = await started;
  expect(await download.failure()).toBeNull();
}

function savedConfigNote(page: Page) {
  return page.getByText(/Threadline started with the copy it saved/);
}

test("after one visit the app starts without its server or the network; Cache Storage holds none of the service's answers", async ({
  page,
  context,
  service,
}) => {
  test.setTimeout(90_000);
  const server = await startAppServer(BUILD_DIR);
  server.setConfig(deploymentConfig(service));
  try {
    // A session: list pages, a conversation's messages and image previews, a small download (a
    // Blob in the page) and a large one (the worker's own request).
    const gallery = service.state.dataset.list()[SHOWCASE_RANKS.gallery]!;
    service.state.addAttachment(gallery.id, {
      fileName: 'notes.bin',
      mimeType: 'application/octet-stream',
      size: 2 * MB,
    });
    service.state.addAttachment(gallery.id, {
      fileName: 'export.bin',
      mimeType: 'application/octet-stream',
      size: 60 * MB,
    });
    await signIn(page, service, { path: `${server.origin}/` });
    // Once the first screen is up the worker is registered; it controls the page once it has
    // precached the build.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const scroller = page.getByTestId('conversation-scroller');
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect
      .poll(() => listRequests(service).filter((params) => params.has('next')).length)
      .toBeGreaterThan(0);
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await page.locator(`a[data-conversation-id="${gallery.id}"]`).click();
    const pane = conversationPane(page, gallery.id);
    await expect(pane.getByRole('list', { name: 'Messages' })).toBeVisible();
    const thumbnail = pane.getByRole('img', { name: 'screenshot.png' });
    await thumbnail.scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await saved(page, () =>
      pane.getByRole('button', { name: 'Download notes.bin', exact: true }).click(),
    );
    await saved(page, () =>
      pane.getByRole('button', { name: 'Download export.bin', exact: true }).click(),
    );

    // The cache holds the app's own files and config.json, nothing of the service's.
    const cached = await cachedUrls(page);
    const serviceOrigin = new URL(service.url).origin;
    expect(cached.filter((url) => !url.startsWith(`${server.origin}/`))).toEqual([]);
    expect(
      cached.filter((url) => url.startsWith(serviceOrigin) || url.includes(BROWSER_TOKEN)),
    ).toEqual([]);
    const paths = cached.map((url) => new URL(url).pathname);
    expect(paths).toEqual(
      expect.arrayContaining(['/index.html', '/config.json', '/manifest.webmanifest']),
    );
    expect(paths.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(3);

    // The server stopped: the inbox at once, from the cache (the service is still there), and a
    // note says which config.json the app started with.
    await server.stop();
    await page.goto(`${server.origin}/`);
    await expect(conversationList(page).getByRole('link').first()).toBeVisible();
    await appStarted(page);
    await expect(savedConfigNote(page)).toContainText(
      "Threadline's server could not be reached for its settings (config.json)",
    );
    // The service's requests do not even reach the worker: Chromium sends them to the network.
    const routes = await page.evaluate(
      (origin) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.startsWith(origin))
          .map((entry) => (entry as { workerMatchedSourceType?: string }).workerMatchedSourceType),
      serviceOrigin,
    );
    expect(routes.length).toBeGreaterThan(0);
    expect(new Set(routes)).toEqual(new Set(['network']));

    // Offline: a signed-in tab shows the inbox's offline state; signed out, the sign-in form.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('You are offline.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await appStarted(page);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The offline banner says it all: no note about the settings.
    await expect(savedConfigNote(page)).toHaveCount(0);

    // The network and the server back: everything loads as usual, the server's config.json too.
    await context.setOffline(false);
    await server.start();
    const requestsBefore = server.requests.length;
    await signIn(page, service, { path: `${server.origin}/` });
    expect(server.requests.slice(requestsBefore)).toContain('/config.json');
    await expect(savedConfigNote(page)).toHaveCount(0);

    // A broken or missing config.json: the saved copy, and the note says which and why.
    const broken = [
      [{ status: 500, body: '{"errors":[]}' }, '(HTTP 500)'],
      [{ status: 200, body: '{ "serviceUrl": ' }, 'are not valid JSON'],
      [{ status: 404, body: '' }, '(HTTP 404)'],
    ] as const;
    for (const [answer, why] of broken) {
      server.setConfig(answer);
      await page.reload();
      await expect(conversationList(page).getByRole('link').first()).toBeVisible();
      await expect(savedConfigNote(page)).toContainText(why);
    }
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(savedConfigNote(page)).toHaveCount(0);
  } finally {
    await server.stop();
  }
});

test('a page loaded past the worker (a hard reload) is under its control again once the app starts', async ({
  page,
  service,
}) => {
  const server = await startAppServer(BUILD_DIR);
  server.setConfig(deploymentConfig(service));
  try {
    await signIn(page, service, { path: `${server.origin}/` });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.addInitScript(() =>
      Object.assign(window, { controlledAtStart: navigator.serviceWorker.controller !== null }),
    );
    // Shift+Reload: the browser loads the page from the network and leaves it uncontrolled.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await page.waitForFunction(() => 'controlledAtStart' in window);
    expect(
      await page.evaluate(() => (window as { controlledAtStart?: boolean }).controlledAtStart),
    ).toBe(false);
    await expect(conversationList(page).getByRole('link').first()).toBeVisible();
    await appStarted(page);
    // The app asks the active worker to take it (without, it stayed uncontrolled to the end).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 10_000,
    });
  } finally {
    await server.stop();
  }
});
