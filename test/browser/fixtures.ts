import { test as base, expect, type Locator, type Page } from '@playwright/test';
import {
  startServiceDouble,
  type RunningServiceDouble,
  type StartOptions,
} from '../../service-double/index';
import { SESSION_KEY } from '../../src/lib/session-store';

export const BROWSER_TOKEN = 'browser-test-token';

/**
 * The tag of the tests that run in Firefox as well as Chromium (playwright.config.ts selects
 * them): the main flows an agent goes through, kept few enough for `npm test`'s time.
 */
export const EVERY_ENGINE = '@every-engine';

/** Browser-generated console lines for HTTP failures the tests cause on purpose. */
const EXPECTED_CONSOLE = [
  /Failed to load resource/,
  /net::ERR_/,
  // Chromium's own line when the service worker's script cannot be fetched: a test that takes the
  // network away just after the page opened catches the worker's registration in flight (it is
  // registered again at the next start; offline-start.spec.ts checks the worker itself).
  /^An unknown error occurred when fetching the script\.$/,
];

interface ServiceFixtures {
  /** A fresh service double on 127.0.0.1 for this test (200 conversations). */
  service: RunningServiceDouble;
  /** Starts another double with these options; closed when the test ends. */
  startService: (options?: StartOptions) => Promise<RunningServiceDouble>;
}

interface PageFixtures {
  /** Every console error and uncaught page error; the test fails if any remain unexpected. */
  consoleErrors: string[];
}

/**
 * The service doubles alone, without Playwright's `page`: for specs that drive a browser of their
 * own (WebKitGTK over WebDriver, test/browser/engines/webkit.ts).
 */
export const serviceTest = base.extend<ServiceFixtures>({
  // Playwright reads a fixture's dependencies from its first parameter; this one has none.
  // eslint-disable-next-line no-empty-pattern
  startService: async ({}, use) => {
    const started: RunningServiceDouble[] = [];
    await use(async (options = {}) => {
      const double = await startServiceDouble({
        token: BROWSER_TOKEN,
        conversations: 200,
        basePath: '/api',
        ...options,
      });
      started.push(double);
      return double;
    });
    await Promise.all(started.map((double) => double.close()));
  },
  service: async ({ startService }, use) => {
    await use(await startService());
  },
});

export const test = serviceTest.extend<PageFixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!EXPECTED_CONSOLE.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A pane whose code could not be fetched: the browser and React's error boundary report the failed
 * import, which such a test causes on purpose; any other error still fails it.
 */
export function expectPaneCodeFailures(consoleErrors: string[]) {
  const unexpected = consoleErrors.filter(
    (line) => !/dynamically imported module|conversation-route/i.test(line),
  );
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
}

/**
 * A signed-in tab at `path`, its first rows drawn. By default the session is put where the form
 * leaves it (sessionStorage) and the page opened: most tests need a signed-in tab, not the form,
 * and typing into it and the reload it causes (the double is on another origin than config.json
 * names) cost about 1.3 s in Chromium and more in Firefox, a hundred times per `npm test`.
 * `throughForm` signs in as an agent does, for what depends on the form; so does a `path` on
 * another origin.
 */
export async function signIn(
  page: Page,
  service: RunningServiceDouble,
  {
    path = '/',
    token = BROWSER_TOKEN,
    throughForm = false,
  }: { path?: string; token?: string; throughForm?: boolean } = {},
) {
  if (!throughForm && path.startsWith('/')) {
    // Any page of the app's origin holds its sessionStorage: config.json is the lightest.
    await page.goto('/config.json');
    await page.evaluate(
      ([key, serviceUrl, bearer]) =>
        sessionStorage.setItem(key, JSON.stringify({ serviceUrl, token: bearer })),
      [SESSION_KEY, service.url, token] as const,
    );
    await page.goto(path);
    await inboxStarted(page);
    return;
  }
  await page.goto(path);
  // The form is drawn before the app loads and replaced when it does (what was typed carries
  // over, see first-paint.spec.ts); typing into the app's own form keeps every step here stable.
  await appStarted(page);
  await typeInto(page.getByLabel('Service URL'), service.url);
  await typeInto(page.getByLabel('Access token'), token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await inboxStarted(page);
}

/** The first rows drawn and the UI started. */
async function inboxStarted(page: Page) {
  // Drawn, if not visible: below 720 px a conversation opened by its link covers the list.
  await expect(
    page
      .getByRole('list', { name: 'Conversations', includeHidden: true })
      .getByRole('link', { includeHidden: true })
      .first(),
  ).toBeAttached();
  // The first paint draws rows before the UI starts, and signing in to another origin than
  // config.json's reloads the page (connect-src is narrowed to the service): wait for the UI
  // itself, not the rows drawn before it starts.
  await appStarted(page);
}

/**
 * In-page: whether React has taken over the first screen (src/boot/ draws it with plain DOM
 * first, the same markup). React marks the elements it renders; production markup carries no
 * test-only attribute.
 */
export function appHasStarted(): boolean {
  const screen = document.querySelector('#root > *');
  return !!screen && Object.keys(screen).some((key) => key.startsWith('__reactFiber$'));
}

/** Waits until React has replaced the first screen drawn before the UI code loaded. */
export async function appStarted(page: Page) {
  // A function, not a string: the page's Trusted Types policy refuses evaluating strings.
  await page.waitForFunction(appHasStarted);
}

/**
 * Replaces a field's text by typing, as an agent does. Not `fill`: over WebDriver BiDi (Firefox)
 * Playwright's fill assigns `value` from page script, which React's controlled inputs never see.
 */
export async function typeInto(field: Locator, text: string) {
  await field.selectText();
  await field.press('Backspace');
  await field.pressSequentially(text);
}

export function conversationList(page: Page) {
  return page.getByRole('list', { name: 'Conversations' });
}

/** The pane showing conversation `id`. */
export function conversationPane(page: Page, id: number): Locator {
  return page.getByRole('complementary', { name: `Conversation #${id}` });
}

/**
 * Signs in at a conversation's own address (a link an agent was sent) and waits for its messages:
 * the pane, ready for what the test does with its attachments.
 */
export async function openConversation(
  page: Page,
  service: RunningServiceDouble,
  id: number,
): Promise<Locator> {
  await signIn(page, service, { path: `/conversations/${id}` });
  const pane = conversationPane(page, id);
  await expect(pane.getByRole('list', { name: 'Messages' })).toBeVisible();
  return pane;
}

/** Keeps the list scrolled to its end until `done` is visible (as an agent reading on would). */
export async function scrollListToEnd(page: Page, done: RegExp | string, timeoutMs = 60_000) {
  const scroller = page.getByTestId('conversation-scroller');
  const target = page.getByText(done);
  const deadline = Date.now() + timeoutMs;
  while (!(await target.isVisible())) {
    if (Date.now() > deadline) throw new Error(`"${String(done)}" never appeared`);
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.waitForTimeout(50);
  }
}

/** List requests the double saw, as URLSearchParams. */
export function listRequests(service: RunningServiceDouble): URLSearchParams[] {
  return service.state.requests
    .filter((entry) => entry.method === 'GET' && entry.path === '/conversations/list')
    .map((entry) => new URLSearchParams(entry.query));
}

/**
 * Polls for new conversations every 5 s (the shortest the config allows), not every 30 s. On the
 * context: signing in reloads the page (another origin than config.json's), which the app's
 * service worker may control by then, and the worker's own request for config.json is the
 * context's, not the page's.
 */
export async function pollEveryFiveSeconds(page: Page) {
  await page.context().route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, pollIntervalMs: 5000 } });
  });
}

/**
 * From now on, records each frame with a scroll of the list that showed no row at the top of its
 * view: what a scroll uncovers is drawn in that scroll's frame (use-row-virtualizer.ts).
 */
export async function watchFramesWithoutRows(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { framesWithoutRows: number[] }).framesWithoutRows = seen;
    const check = (event: Event) => {
      const list = event.target;
      if (!(list instanceof HTMLElement) || list.dataset.testid !== 'conversation-scroller') return;
      // Animation callbacks run after the frame's scroll events, before it is painted.
      requestAnimationFrame(() => {
        const box = list.getBoundingClientRect();
        // Under whatever lies over the list there (the Menu's panel on a phone).
        const hits = document.elementsFromPoint(box.left + box.width / 2, box.top + 4);
        if (!hits.some((hit) => list.contains(hit) && hit.closest('[data-conversation-id]')))
          seen.push(list.scrollTop);
      });
    };
    document.addEventListener('scroll', check, { capture: true });
  });
}

export function framesWithoutRows(page: Page) {
  return page.evaluate(
    () => (window as unknown as { framesWithoutRows: number[] }).framesWithoutRows,
  );
}
