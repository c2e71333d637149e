import type { Page } from '@playwright/test';
import type { RunningServiceDouble } from '../../service-double/index';
import {
  appStarted,
  conversationList,
  conversationPane,
  EVERY_ENGINE,
  expect,
  listRequests,
  scrollListToEnd,
  signIn,
  test,
} from './fixtures';

/**
 * The JSON requests move to the request worker (src/api/request-worker/) as the app starts. The
 * page's own resource timings list only the requests the page made; the double lists them all.
 */
function madeByThePage(page: Page, path: string): Promise<number> {
  return page.evaluate(
    (part) =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes(part)).length,
    path,
  );
}

/** The cursors of the list pages the double was asked for after the first, in order. */
function pagesAfterTheFirst(service: RunningServiceDouble): string[] {
  return listRequests(service)
    .map((query) => query.get('next'))
    .filter((next) => next !== null);
}

/**
 * Until the request worker has started (later on a busy machine) the page makes the requests.
 * Chromium only: Firefox over WebDriver BiDi does not list a page's workers.
 */
async function requestWorkerStarted(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const worker = page.workers().find((started) => /\/assets\/worker-/.test(started.url()));
        return worker ? worker.evaluate(() => true).catch(() => false) : false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

test(
  'the list’s pages and the messages come through the worker, also while the agent opens a conversation mid-scroll',
  { tag: EVERY_ENGINE },
  async ({ page, startService }) => {
    const service = await startService({ conversations: 1000 });
    await signIn(page, service);
    await appStarted(page);
    const scroller = page.getByTestId('conversation-scroller');
    // Half way down, a conversation opened while the next pages are on their way.
    while (listRequests(service).length < 8) {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await page.waitForTimeout(20);
    }
    const row = conversationList(page).getByRole('link').nth(3);
    const id = Number(await row.getAttribute('data-conversation-id'));
    await row.click();
    await expect(conversationPane(page, id).getByRole('list', { name: 'Messages' })).toBeVisible();
    await scrollListToEnd(page, 'All 1,000 conversations loaded');

    // Every page after the first once: none lost or asked twice when requests changed carrier.
    // (The double's pages are not all 50 rows: conversations change while the agent pages.)
    const cursors = pagesAfterTheFirst(service);
    expect(cursors.length).toBeGreaterThanOrEqual(19);
    expect(new Set(cursors).size).toBe(cursors.length);
    // The first (the start-up request) and at most a few more before the worker was ready.
    expect(await madeByThePage(page, '/conversations/list')).toBeLessThan(10);
    const messages = service.state.requests.filter((entry) => entry.path.endsWith('/messages'));
    expect(messages.length).toBeGreaterThan(0);
    expect(await madeByThePage(page, '/messages')).toBe(0);
  },
);

test('a status changed while a page is on its way through the worker: that request is given up, the new list shows', async ({
  page,
  startService,
}) => {
  // The worker's file comes late (a slow network, a busy machine), as it did once in CI.
  await page.route(/\/assets\/worker-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const service = await startService({ conversations: 10_000 });
  await signIn(page, service);
  await appStarted(page);
  // The worker is in charge once a page has come through it (a scroll to the end pulls many pages:
  // while the worker is still starting, those are the page's own).
  await requestWorkerStarted(page);
  const scroller = page.getByTestId('conversation-scroller');
  await expect
    .poll(
      async () => {
        await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        return listRequests(service).length - (await madeByThePage(page, '/conversations/list'));
      },
      { intervals: [300], timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  service.state.faults.latencyMs = 1500;
  const before = listRequests(service).length;
  const pageMadeBefore = await madeByThePage(page, '/conversations/list');
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect.poll(() => listRequests(service).length).toBeGreaterThan(before);
  // That request is the worker's: the page made none meanwhile.
  expect(await madeByThePage(page, '/conversations/list')).toBe(pageMadeBefore);
  const aborted = service.state.stats.aborted;
  await page
    .getByRole('group', { name: 'Status' })
    .getByRole('checkbox', { name: 'Closed' })
    .check();
  await expect(page).toHaveURL(/status=closed/);
  // The page on its way was given up: the worker's fetch aborted, the double saw it go.
  await expect.poll(() => service.state.stats.aborted).toBeGreaterThan(aborted);
  service.state.faults.latencyMs = 0;
  const closed = service.state.dataset.list().filter((c) => c.status === 'closed');
  await expect(
    conversationList(page).locator(`a[data-conversation-id="${closed[0]!.id}"]`),
  ).toBeVisible();
});

test('a worker whose file cannot be loaded (replaced by a deploy): the page makes the requests, nothing is lost', async ({
  page,
  startService,
}) => {
  await page.route(/\/assets\/worker-[\w-]+\.js$/, (route) => route.fulfill({ status: 404 }));
  const service = await startService({ conversations: 1000 });
  await signIn(page, service);
  await appStarted(page);
  await scrollListToEnd(page, 'All 1,000 conversations loaded');
  const cursors = pagesAfterTheFirst(service);
  expect(cursors.length).toBeGreaterThanOrEqual(19);
  expect(new Set(cursors).size).toBe(cursors.length);
  // All of them the page's own.
  expect(await madeByThePage(page, '/conversations/list')).toBe(listRequests(service).length);
});

test('following the end, the worker asks for the next page while the page is busy; scrolled back up and down again, every conversation shows once', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 3000 });
  await signIn(page, service);
  await appStarted(page);
  await requestWorkerStarted(page);
  const scroller = page.getByTestId('conversation-scroller');
  // A slow service, so that a page is on its way when the page's main thread gets busy.
  service.state.faults.latencyMs = 500;
  let asked = listRequests(service).length;
  await expect
    .poll(
      async () => {
        await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        return listRequests(service).length;
      },
      { intervals: [100], timeout: 10_000 },
    )
    .toBeGreaterThan(asked + 1);
  // Following the end: a request has just reached the service, and the page has asked for it
  // (at once if the worker started it early) well before its answer is due. The page's main
  // thread is then busy for 2 s (a long render, a slow laptop): only the worker can ask for
  // anything meanwhile.
  asked = listRequests(service).length;
  await expect.poll(() => listRequests(service).length, { intervals: [10] }).toBeGreaterThan(asked);
  await page.waitForTimeout(250);
  asked = listRequests(service).length;
  const busy = page.evaluate(() => {
    const end = performance.now() + 2000;
    while (performance.now() < end);
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  // The page on its way came back after 500 ms, and the worker asked for the one after it at once.
  expect(listRequests(service).length).toBe(asked + 1);
  await busy;

  // Scrolled back up mid-paging, then down to the end again.
  service.state.faults.latencyMs = 0;
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight / 3 }));
  await page.waitForTimeout(500);
  await scrollListToEnd(page, 'All 3,000 conversations loaded');
  // A page started early and not asked for within a few seconds may be asked for again; no
  // conversation shows twice either way.
  const cursors = pagesAfterTheFirst(service);
  expect(cursors.length - new Set(cursors).size).toBeLessThanOrEqual(1);
  const ids = await conversationList(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('data-conversation-id')));
  expect(new Set(ids).size).toBe(ids.length);
});
