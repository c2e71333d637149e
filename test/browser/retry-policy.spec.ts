import type { RunningServiceDouble } from '../../service-double/index';
import {
  appStarted,
  BROWSER_TOKEN,
  expect,
  listRequests,
  scrollListToEnd,
  signIn,
  test,
  typeInto,
} from './fixtures';

/**
 * One retry policy for every request: a service that answers "later" (503 or 429 with
 * Retry-After) is asked again no sooner than it said, whichever path made the request. Pages
 * fetched ahead used to be asked again ~200 ms later, on the next scroll.
 */

/** The cursor of the list request the double answered with `status`. */
function failedCursor(service: RunningServiceDouble, status: number): string | null {
  const failed = service.state.requests.find(
    (entry) => entry.path === '/conversations/list' && entry.status === status,
  );
  return failed ? new URLSearchParams(failed.query).get('next') : null;
}

for (const [status, retryAfterSeconds] of [
  [503, 2],
  [429, 1],
] as const) {
  test(`a page fetched ahead that gets ${status} with Retry-After: ${retryAfterSeconds} is asked for again only after that`, async ({
    page,
    startService,
  }) => {
    const service = await startService({ conversations: 3000, retryAfterSeconds });
    await signIn(page, service);
    // The agent follows the end: pages are fetched back to back ahead of the list. Once that
    // chain runs, the next page asked for gets the fault.
    const scroller = page.getByTestId('conversation-scroller');
    while (listRequests(service).length < 5) {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await page.waitForTimeout(20);
    }
    service.state.faults.enqueue(String(status) as '503' | '429');
    await scrollListToEnd(page, 'All 3,000 conversations loaded');

    const cursor = failedCursor(service, status);
    expect(cursor, 'a page fetched ahead met the fault').not.toBeNull();
    // Timed where the double took each attempt in (the page's own resource timings do not list
    // the request worker's requests; the test process hears of requests late when many come at
    // once).
    const attempts = service.state.requests.filter(
      (entry) =>
        entry.method === 'GET' &&
        entry.path === '/conversations/list' &&
        new URLSearchParams(entry.query).get('next') === cursor,
    );
    expect(attempts.map((entry) => entry.status)).toEqual([status, 200]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(retryAfterSeconds * 1000);
  });
}

test('a download that gets 503 with Retry-After: 2 is tried again after 2 s and saved, without the agent', async ({
  page,
  startService,
}) => {
  const service = await startService({ retryAfterSeconds: 2 });
  // A conversation without attachments of its own: no preview may take the fault.
  const id = service.state.dataset
    .list()
    .slice(4, 160)
    .find((conversation) =>
      (service.state.messagesOf(conversation.id) ?? []).every(
        (message) => message.attachments.length === 0,
      ),
    )!.id;
  const spec = service.state.addAttachment(id, {
    fileName: 'statement.bin',
    mimeType: 'application/octet-stream',
    size: 300_000,
  });
  await signIn(page, service, { path: `/conversations/${id}` });
  service.state.faults.enqueue({ kind: '503', on: 'attachments' });
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download statement.bin' }).click();
  expect(await (await saved).failure()).toBeNull();
  // Timed where the double took each attempt in: the first one's 503 left in that same handling,
  // so the wait asked for is all between them. Timed when the test process heard of the
  // requests, the first could look up to 80 ms later than it was.
  const attempts = service.state.requests.filter(
    (entry) => entry.method === 'GET' && entry.path === `/attachments/${spec.docId}/data`,
  );
  expect(attempts.map((entry) => entry.status)).toEqual([503, 200]);
  expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(2000);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('signing in while the service answers 503 with Retry-After: 2 says so, asks again after 2 s and signs in', async ({
  page,
  startService,
}) => {
  const service = await startService({ retryAfterSeconds: 2 });
  await page.goto('/');
  await appStarted(page);
  await typeInto(page.getByLabel('Service URL'), service.url);
  await typeInto(page.getByLabel('Access token'), BROWSER_TOKEN);
  // Two busy answers: the second wait is the service's again, not the backoff's.
  service.state.faults.enqueue('503', '503');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('form').getByRole('status')).toHaveText(
    'The service is busy. Trying again in 2 seconds…',
  );
  // The keyboard stays on Sign in while the service is asked again (not on the page's body).
  await expect(page.getByRole('button', { name: 'Signing in…' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Signing in…' })).toBeFocused();
  await expect(
    page.getByRole('list', { name: 'Conversations' }).getByRole('link').first(),
  ).toBeVisible({ timeout: 15_000 });
  const attempts = service.state.requests.filter(
    (entry) => entry.method === 'GET' && entry.path === '/conversations/list',
  );
  expect(attempts.map((entry) => entry.status).slice(0, 3)).toEqual([503, 503, 200]);
  expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(2000);
  expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(2000);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
