import type { Page } from '@playwright/test';
import type { FaultKind } from '../../service-double/index';
import {
  conversationList,
  expect,
  listRequests,
  scrollListToEnd,
  signIn,
  test,
  EVERY_ENGINE,
} from './fixtures';

/** Shorter timeouts and polls than production, so hanging requests and polls fit in a test. */
async function useConfig(page: Page, config: Record<string, unknown>) {
  await page.route('**/config.json', (route) =>
    route.fulfill({
      json: { serviceUrl: '', messagesPath: '/conversations/{id}/messages', ...config },
    }),
  );
}

/** Keeps the list at its end, pressing Retry whenever a page failed for good, until `done`. */
async function readToEnd(page: Page, done: string, timeoutMs: number) {
  const scroller = page.getByTestId('conversation-scroller');
  const target = page.getByText(done);
  const retry = page.getByRole('button', { name: 'Retry' });
  const deadline = Date.now() + timeoutMs;
  let retries = 0;
  while (!(await target.isVisible())) {
    if (Date.now() > deadline) throw new Error(`"${done}" never appeared`);
    if (await retry.isVisible()) {
      retries += 1;
      await retry.click();
    }
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.waitForTimeout(50);
  }
  return retries;
}

/** How many rows the list holds (the virtualized DOM shows a window of them). */
async function loadedRowCount(page: Page): Promise<number> {
  return page.getByTestId('conversation-scroller').evaluate((element) => {
    const list = element.querySelector('ul')!;
    return Math.round(list.getBoundingClientRect().height / 64);
  });
}

/**
 * Walks the virtualized list from the top, collecting each row's id in order. In a window made
 * tall for it, a screen of about 45 rows at a time, each read in the frame after its scroll (the
 * list draws the rows in view in the scroll event, before the frame's animation callbacks).
 */
async function collectRowIds(page: Page): Promise<number[]> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 3000 });
  const ids = await page.getByTestId('conversation-scroller').evaluate(async (element) => {
    const ids: number[] = [];
    const seen = new Set<string>();
    element.scrollTop = 0;
    const rowsDrawn = () => [...element.querySelectorAll<HTMLElement>('[data-conversation-id]')];
    // The list draws the rows of a new view (a scroll, the taller window) a render or more after
    // the view changed: read them once they cover it, or a window of rows would be skipped.
    const coversView = () => {
      const view = element.getBoundingClientRect();
      const list = element.querySelector('[role="list"], ul')!.getBoundingClientRect();
      const boxes = rowsDrawn().map((row) => row.getBoundingClientRect());
      const bottom = Math.min(view.bottom, list.bottom);
      return (
        boxes.some((box) => box.top <= view.top + 1) &&
        boxes.some((box) => box.bottom >= bottom - 1)
      );
    };
    for (;;) {
      for (let frame = 0; frame < 1 || (!coversView() && frame < 300); frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      const rows = rowsDrawn().sort(
        (a, b) =>
          (a.parentElement?.getBoundingClientRect().top ?? 0) -
          (b.parentElement?.getBoundingClientRect().top ?? 0),
      );
      for (const row of rows) {
        const key = `${row.parentElement?.getAttribute('aria-posinset')}:${row.dataset.conversationId}`;
        if (!seen.has(key)) {
          seen.add(key);
          ids.push(Number(row.dataset.conversationId));
        }
      }
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) return ids;
      element.scrollTop += element.clientHeight;
    }
  });
  await page.setViewportSize(size);
  return ids;
}

test('10,000 conversations with 20% of list requests failing in mixed ways: each arrives exactly once', async ({
  page,
  startService,
}) => {
  test.setTimeout(240_000);
  const service = await startService({
    conversations: 10_000,
    failureRate: 0.2,
    failureKinds: [
      '500',
      '502',
      '503',
      '429',
      'hang',
      'reset',
      'malformed-json',
      'errors-envelope',
      'html',
    ],
    retryAfterSeconds: 1,
  });
  await useConfig(page, { listTimeoutMs: 2000 });
  await signIn(page, service);
  const retries = await readToEnd(page, 'All 10,000 conversations loaded', 200_000);

  const ids = await collectRowIds(page);
  const expected = service.state.dataset.list().map((conversation) => conversation.id);
  expect(ids).toHaveLength(expected.length);
  expect(new Set(ids).size).toBe(expected.length);
  expect(ids).toEqual(expected);
  const faults = service.state.requests.filter((entry) => entry.fault).length;
  test.info().annotations.push({
    type: 'figures',
    description: `faults injected: ${faults}; list requests: ${listRequests(service).length}; manual retries: ${retries}; conversations checked: ${ids.length}; lost: ${expected.length - new Set(ids).size}; duplicated: ${ids.length - new Set(ids).size}`,
  });
  console.log(test.info().annotations.at(-1)?.description);
});

test('conversations updated mid-paging: no duplicates, and the moved ones come back through the banner', async ({
  page,
  startService,
}) => {
  test.setTimeout(120_000);
  const service = await startService({ conversations: 1500, touchEveryListRequests: 4 });
  await useConfig(page, { pollIntervalMs: 5000 });
  await signIn(page, service);
  await scrollListToEnd(page, /^All [\d,]+ conversations loaded$/);
  const touched = service.state.stats.touches;
  expect(touched).toBeGreaterThan(0);
  // Polls are list requests too; stop touching so the next poll sees the final order.
  service.state.faults.touchEveryListRequests = null;
  const polls = listRequests(service).length;
  await expect.poll(() => listRequests(service).length, { timeout: 15_000 }).toBeGreaterThan(polls);
  // Let the app take in that last poll's answer before the agent presses the banner.
  await page.waitForTimeout(1000);

  const banner = page.getByRole('button', { name: /^Show \d+ new or updated$/ });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await banner.click();
  await expect(page.getByText('All 1,500 conversations loaded')).toBeVisible();
  const ids = await collectRowIds(page);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual(service.state.dataset.list().map((conversation) => conversation.id));
});

test('the banner merges fresh rows without moving the row the agent is reading', async ({
  page,
  service,
}) => {
  await useConfig(page, { pollIntervalMs: 5000 });
  await signIn(page, service);
  const scroller = page.getByTestId('conversation-scroller');
  await scroller.evaluate((element) => (element.scrollTop = 64 * 20));
  // The first row at the top of the scrolled list, once the list has drawn the rows there.
  const rowAtTop = () =>
    page.evaluate(() => {
      const scrollerElement = document.querySelector('[data-testid="conversation-scroller"]')!;
      const top = scrollerElement.getBoundingClientRect().top;
      const row = [...document.querySelectorAll<HTMLElement>('[data-conversation-id]')].find(
        (element) => element.getBoundingClientRect().top >= top - 1,
      );
      return scrollerElement.scrollTop > 0 ? row?.dataset.conversationId : undefined;
    });
  await expect.poll(rowAtTop).toBeDefined();
  const anchorId = await rowAtTop();
  const anchor = page.locator(`[data-conversation-id="${anchorId}"]`);
  const before = (await anchor.boundingBox())!.y;

  const deep = service.state.dataset.list()[150]!.id;
  service.state.touch(deep);
  const banner = page.getByRole('button', { name: 'Show 1 new or updated' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await banner.click();
  await expect(banner).toBeHidden();
  const after = (await anchor.boundingBox())!.y;
  // The banner leaving frees its own height above the list; the row itself does not jump by rows.
  expect(Math.abs(after - before)).toBeLessThan(64);
  await scroller.evaluate((element) => (element.scrollTop = 0));
  await expect(conversationList(page).getByRole('link').first()).toHaveAttribute(
    'href',
    `/conversations/${deep}`,
  );
});

for (const kind of ['malformed-json', 'html', 'errors-envelope', '500', 'reset'] as FaultKind[]) {
  test(`a bad answer (${kind}) on a later page is a clear error with every row kept`, async ({
    page,
    startService,
  }) => {
    const service = await startService({ conversations: 300, retryAfterSeconds: 0 });
    await signIn(page, service);
    const loadedBefore = await loadedRowCount(page);
    // Enough in a row to outlast the three retries of a retryable failure (and Chromium's
    // own silent retry of a request whose reused connection was reset).
    service.state.faults.enqueue(...Array<FaultKind>(kind === 'reset' ? 10 : 4).fill(kind));
    await page
      .getByTestId('conversation-scroller')
      .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText(/could not be loaded/);
    expect(await loadedRowCount(page)).toBeGreaterThanOrEqual(loadedBefore);
    await readToEnd(page, 'All 300 conversations loaded', 60_000);
  });
}

test('a repeated cursor stops paging with a message instead of looping', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 600, repeatCursor: 3 });
  await signIn(page, service);
  await scrollListToEnd(page, /sent a page cursor it had already sent/);
  const count = listRequests(service).length;
  await page.waitForTimeout(500);
  expect(listRequests(service).length).toBe(count);
  expect(count).toBeLessThan(5);
});

test(
  'offline: a clear state, and paging resumes when the network returns',
  { tag: EVERY_ENGINE },
  async ({ page, context, service }) => {
    await signIn(page, service);
    await context.setOffline(true);
    await expect(page.getByText('You are offline.')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('You are offline.')).toBeHidden();
    await scrollListToEnd(page, 'All 200 conversations loaded');
  },
);

test('the Content-Security-Policy is in force and nothing violates it in a session', async ({
  page,
  service,
  consoleErrors,
}) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await signIn(page, service);
  const policies = await page.evaluate(() =>
    [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')].map(
      (meta) => (meta as HTMLMetaElement).content,
    ),
  );
  expect(policies[0]).toContain("object-src 'none'");
  expect(policies[0]).toContain("base-uri 'none'");
  expect(policies[0]).toContain("script-src 'self'");
  const origin = new URL(service.url).origin;
  expect(policies).toContain(`connect-src 'self' ${origin}; frame-src 'self' ${origin}`);

  await page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Open' }).check();
  await conversationList(page).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^Conversation #\d+$/ })).toBeVisible();
  // A connection to any origin but the service's is refused.
  const blocked = await page.evaluate(() =>
    fetch('http://127.0.0.1:9/elsewhere').then(
      () => false,
      () => true,
    ),
  );
  expect(blocked).toBe(true);
  // So is a frame of any origin but ours and the service's.
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = 'http://127.0.0.1:9/framed';
    frame.hidden = true;
    document.body.append(frame);
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  await expect
    .poll(violations)
    .toEqual(['connect-src http://127.0.0.1:9/elsewhere', 'frame-src http://127.0.0.1:9']);
  // Chromium reports the refused connection and frame made on purpose above; nothing else may remain.
  const probe = consoleErrors.filter((line) => line.includes('127.0.0.1:9/'));
  expect(probe).toHaveLength(3);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((l) => !probe.includes(l)));
});
