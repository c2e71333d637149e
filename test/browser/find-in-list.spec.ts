import type { Page } from '@playwright/test';
import { conversationList, expect, listRequests, signIn, test } from './fixtures';
import { layoutProblemsInPage } from './layout-problems';

/*
 * Find in the list: the query narrows the loaded rows and lives in the URL; Keep looking pages on
 * through the filter's list under the one retry policy, and the pane's "Find it in the list"
 * (simulated here by the router's own history entry) starts it once.
 */

const finder = (page: Page) => page.getByRole('searchbox', { name: 'Find in conversations' });
const findStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /loaded conversations? match/ });

/** When the page sent each list GET with a cursor, in order. */
function recordPages(page: Page) {
  const sent: { next: string | null; at: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.endsWith('/conversations/list')) {
      sent.push({ next: url.searchParams.get('next'), at: Date.now() });
    }
  });
  return sent;
}

test('/ finds in the loaded rows; the query survives a reload and a status change', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 120 });
  await signIn(page, service);
  const newest = service.state.dataset.list()[0]!;
  await page.keyboard.press('/');
  await expect(finder(page)).toBeFocused();
  await page.keyboard.type(`contact:${newest.contactId} nonsense`);
  await expect(finder(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Not understood: “nonsense” (ignored).')).toBeVisible();
  const rows = conversationList(page).getByRole('link');
  await expect(rows.first()).toContainText(`#${newest.id}`);
  for (const text of await rows.allTextContents()) {
    expect(text).toContain(`Contact ${newest.contactId}`);
  }
  await expect(findStatus(page)).toContainText(/\d+ of \d+ loaded conversations? match/);
  // The URL follows once typing pauses, replacing the entry instead of adding one per keystroke.
  await expect
    .poll(() => new URL(page.url()).searchParams.get('q'))
    .toBe(`contact:${newest.contactId} nonsense`);
  expect(await page.evaluate(() => history.length)).toBeLessThan(5);

  await page.reload();
  await expect(finder(page)).toHaveValue(`contact:${newest.contactId} nonsense`);
  await expect(findStatus(page)).toBeVisible();
  await expect(rows.first()).toContainText(`#${newest.id}`);

  // Another status keeps the query; j and Enter work on the narrowed rows.
  await page.getByRole('checkbox', { name: newest.status === 'open' ? 'Open' : 'Closed' }).click();
  await expect(finder(page)).toHaveValue(`contact:${newest.contactId} nonsense`);
  // The other status's list shown first, as the agent sees it (CI pressed j while it loaded).
  await expect(page).toHaveURL(/status=/);
  await expect(rows.first()).toContainText(`#${newest.id}`);
  await page.keyboard.press('j');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('complementary', { name: `Conversation #${newest.id}` }),
  ).toBeVisible();
  expect(new URL(page.url()).searchParams.get('q')).toBe(`contact:${newest.contactId} nonsense`);
});

test('Keep looking goes on after a 503 only when Retry-After says, and Cancel stops it', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 6000, retryAfterSeconds: 2, latencyMs: 60 });
  const sent = recordPages(page);
  await signIn(page, service);
  await page.keyboard.press('/');
  await page.keyboard.type('#999999');
  // The list may have read a page ahead before the query narrowed it.
  await expect(findStatus(page)).toContainText(/^0 of (50|100) loaded conversations match/);
  await page.getByRole('button', { name: 'Keep looking' }).click();
  await expect(page.getByText(/Looked through [\d,]+ conversations…/)).toBeVisible();
  service.state.faults.enqueue('503');
  // The 503 is retried by the list's own policy, after 2 s, and paging goes on after it.
  const failed = () =>
    service.state.requests.find(
      (entry) => entry.path === '/conversations/list' && entry.status === 503,
    );
  await expect.poll(() => failed()).toBeDefined();
  const cursor = new URLSearchParams(failed()!.query).get('next');
  const attempts = () => sent.filter((request) => request.next === cursor);
  await expect.poll(() => attempts().length, { timeout: 10_000 }).toBe(2);
  const after = sent.length;
  await expect.poll(() => sent.length).toBeGreaterThan(after + 1);
  await expect(page.getByText(/Looked through [\d,]+ conversations…/)).toBeVisible();
  // Timed where the double took each attempt in (the first one's 503 left after it): the test
  // process can hear of a request late when many come at once.
  const taken = service.state.requests.filter(
    (entry) =>
      entry.method === 'GET' &&
      entry.path === '/conversations/list' &&
      new URLSearchParams(entry.query).get('next') === cursor,
  );
  expect(taken.map((entry) => entry.status)).toEqual([503, 200]);
  expect(taken[1]!.at - taken[0]!.at).toBeGreaterThanOrEqual(2000);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(findStatus(page)).toContainText(
    /Stopped after looking through [\d,]+ conversations/,
  );
  const asked = listRequests(service).length;
  await page.waitForTimeout(500);
  expect(listRequests(service).length).toBeLessThanOrEqual(asked + 1);
  await expect(page.getByRole('button', { name: 'Keep looking' })).toBeVisible();
});

test('the pane’s "Find it in the list" starts Keep looking once; a reload does not again', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 400 });
  const missing = 999_999;
  await signIn(page, service);
  // What the pane's button does: the router's navigation with { keepLooking: true } as state.
  await page.evaluate((id) => {
    const url = `/conversations/${id}?q=%23${id}`;
    history.pushState({ usr: { keepLooking: true }, key: 'find', idx: history.length }, '', url);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state as unknown }));
  }, missing);
  await expect(findStatus(page)).toContainText(
    `#${missing} was not found in the 400 conversations of this filter.`,
  );
  expect(await page.evaluate(() => (history.state as { usr?: unknown }).usr ?? null)).toBeNull();

  const before = listRequests(service).length;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Keep looking' })).toBeVisible();
  await page.waitForTimeout(500);
  // The entry no longer asks to keep looking: the first page again (and the one the list reads
  // ahead of its view), not the whole list.
  await expect(findStatus(page)).toContainText(/^0 of (50|100) loaded conversations match\.$/);
  expect(listRequests(service).length).toBeLessThanOrEqual(before + 2);
});

test('a long word the finder does not understand wraps under the field: nothing scrolls sideways', async ({
  page,
  service,
}) => {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, service);
    await finder(page).fill('x'.repeat(500));
    await expect(page.getByText(/^Not understood: “x+”/)).toBeVisible();
    expect(await page.evaluate(layoutProblemsInPage), `at ${width} px`).toEqual([]);
  }
});

test('the pane’s "Find it in the list" hands focus to the row it finds, its link gone', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 400 });
  const target = service.state.dataset.list()[160]!.id;
  await signIn(page, service, { path: `/conversations/${target}` });
  await page.getByRole('link', { name: 'Find it in the list' }).click();
  await expect(findStatus(page)).toContainText(`Found #${target}.`);
  await expect(
    conversationList(page).getByRole('link', { name: new RegExp(`^#${target}\\b`) }),
  ).toBeFocused();
});
