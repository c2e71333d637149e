import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { RunningServiceDouble } from '../../service-double/index';
import {
  appStarted,
  BROWSER_TOKEN,
  conversationList,
  expect,
  pollEveryFiveSeconds,
  scrollListToEnd,
  signIn,
  test,
  typeInto,
  EVERY_ENGINE,
} from './fixtures';

/** Every axe rule (WCAG A/AA and best practices), in the light and in the dark theme. */
async function expectNoViolations(page: Page) {
  // Firefox ESR cannot emulate a colour scheme over BiDi (see engines/firefox-bidi.mjs): it checks
  // the light one; the dark one's colours are the same CSS, checked in Chromium.
  const firefox = page.context().browser()?.browserType().name() === 'firefox';
  for (const colorScheme of firefox ? (['light'] as const) : (['light', 'dark'] as const)) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const summary = violations.map(({ id, nodes }) => ({
      colorScheme,
      id,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
    expect(summary).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Signs in through the form without waiting for rows (there may be none). */
async function signInOnly(page: Page, service: RunningServiceDouble, path = '/') {
  await page.goto(path);
  // The form drawn before the app loads is replaced when it starts: type into the app's own.
  await appStarted(page);
  await typeInto(page.getByLabel('Service URL'), service.url);
  await typeInto(page.getByLabel('Access token'), BROWSER_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function liveRegion(page: Page) {
  return page.locator('#live-region');
}

/** Opens the index-th conversation by clicking its row; the pane's heading takes the focus. */
async function openFromList(page: Page, index = 1) {
  const link = conversationList(page).getByRole('link').nth(index);
  const id = await link.getAttribute('data-conversation-id');
  await link.click();
  const heading = page.getByRole('heading', { name: `Conversation #${id}` });
  await expect(heading).toBeFocused();
  return heading;
}

/** The page never scrolls sideways at this width. */
async function expectNoHorizontalScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.inbox *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((element) => !element.closest('.visually-hidden'))
        .map((element) => element.className || element.tagName),
    ),
  ).toEqual([]);
}

test.describe('axe finds no violation', () => {
  test('on the sign-in form', { tag: EVERY_ENGINE }, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('on the sign-in form with an error', async ({ page, service }) => {
    await page.goto('/');
    await appStarted(page);
    await typeInto(page.getByLabel('Service URL'), service.url);
    await typeInto(page.getByLabel('Access token'), 'not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolations(page);
  });

  test(
    'on the list, with a row selected and counts shown',
    { tag: EVERY_ENGINE },
    async ({ page, startService }) => {
      const service = await startService({ conversations: 30 });
      await signIn(page, service);
      await expect(page.getByText('All 30 conversations loaded')).toBeVisible();
      await expect(page.locator('.status-count').first()).toHaveText(/\d/);
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await expectNoViolations(page);
    },
  );

  test('on the detail pane', { tag: EVERY_ENGINE }, async ({ page, service }) => {
    await signIn(page, service);
    await openFromList(page);
    await expect(page.getByRole('complementary').getByText('Loading messages…')).toHaveCount(0);
    await expectNoViolations(page);
  });

  test('on an error state', async ({ page, service }) => {
    await signIn(page, service);
    service.state.faults.enqueue('errors-envelope');
    await page.reload();
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('on the empty state', async ({ page, startService }) => {
    const service = await startService({ conversations: 0 });
    await signInOnly(page, service, '/?status=pending');
    await expect(page.getByText('No conversations match these filters.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'show every conversation' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('on the finder, with a word it does not understand and Keep looking offered', async ({
    page,
    service,
  }) => {
    await signIn(page, service, { path: '/?q=open%20foo' });
    await expect(page.getByRole('searchbox', { name: 'Find in conversations' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Keep looking' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('on the keyboard shortcuts dialog', async ({ page, service }) => {
    await signIn(page, service);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expectNoViolations(page);
  });
});

test('loading more and new conversations are announced in a polite live region', async ({
  page,
  startService,
}) => {
  // Slow enough that a page is still on its way when the agent reaches the end.
  const service = await startService({ conversations: 400, latencyMs: 400 });
  await pollEveryFiveSeconds(page);
  await signIn(page, service);
  await expect(liveRegion(page)).toHaveAttribute('role', 'status');
  await expect(liveRegion(page)).toHaveAttribute('aria-live', 'polite');
  await expect(liveRegion(page)).toHaveText(/^\d+ conversations loaded/);

  const announced: string[] = [];
  await page.exposeFunction('recordAnnouncement', (text: string) => announced.push(text));
  await liveRegion(page).evaluate((region) => {
    const record = (window as unknown as { recordAnnouncement: (text: string) => void })
      .recordAnnouncement;
    new MutationObserver(() => record(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  // Read on to the end of the list, as an agent would, while pages keep loading.
  const scroller = page.getByTestId('conversation-scroller');
  await expect
    .poll(async () => {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return announced;
    })
    .toContain('Loading more conversations…');
  await expect.poll(() => announced.at(-1) ?? '').toMatch(/^\d+ conversations loaded/);

  service.state.dataset.touch(service.state.dataset.list()[120]!.id);
  await expect(page.getByRole('button', { name: 'Show 1 new or updated' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(liveRegion(page)).toHaveText('1 new or updated conversations');
});

test('following the end, "Loading more" is said once per run of pages, not once per page', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 1000, latencyMs: 40 });
  await signIn(page, service);
  await expect(liveRegion(page)).toHaveText(/^\d+ conversations loaded/);
  // Every text written to the region, in order (each write replaces its text node).
  await liveRegion(page).evaluate((region) => {
    const texts: string[] = [];
    (window as unknown as { writtenToRegion: string[] }).writtenToRegion = texts;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) texts.push(node.textContent ?? '');
      }
    }).observe(region, { childList: true });
  });
  await scrollListToEnd(page, 'All 1,000 conversations loaded');
  const written = await page.evaluate(
    () => (window as unknown as { writtenToRegion: string[] }).writtenToRegion,
  );
  const loadingMore = written.map((text) => text.startsWith('Loading more conversations'));
  expect(loadingMore).toContain(true);
  // Before, each page landing with the next on its way said "Loading more" again (103 times in
  // 4 s over 5,000 conversations); now the count comes between two of them.
  expect(loadingMore.some((loading, i) => loading && loadingMore[i - 1])).toBe(false);
  await expect(liveRegion(page)).toHaveText('1,000 conversations loaded');
});
test(
  'focus is visible on rows, checkboxes, buttons and links',
  { tag: EVERY_ENGINE },
  async ({ page, service }) => {
    await signIn(page, service);
    await openFromList(page);
    const targets = [
      page.getByRole('button', { name: 'Sign out' }),
      page.getByRole('checkbox', { name: 'Open' }),
      conversationList(page).getByRole('link').first(),
      page.getByRole('complementary').getByRole('link', { name: 'Close' }),
    ];
    for (const target of targets) {
      // Focus as the keyboard would: :focus-visible applies then, in every engine.
      // (`focusVisible` is in every engine we run, not yet in TypeScript's DOM types.)
      await target.evaluate((element: HTMLElement) =>
        element.focus({ focusVisible: true } as FocusOptions),
      );
      const outline = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(outline.style).not.toBe('none');
      expect(outline.width).toBeGreaterThanOrEqual(2);
    }
  },
);

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test(
    'one column: the list, then the pane alone with Back and the Menu open, nothing scrolls sideways',
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      await signIn(page, service);
      await expectNoHorizontalScroll(page, 360);
      const list = page.getByRole('region', { name: 'Conversation list' });
      await expect(conversationList(page).getByRole('link').nth(4)).toBeInViewport();

      const heading = await openFromList(page, 0);
      await expect(heading).toBeInViewport();
      // The pane covers the list (the list waits underneath for Back).
      await expect(list).toBeHidden();
      const paneBox = (await page.getByRole('complementary').boundingBox())!;
      expect(paneBox.width).toBe(360);
      await expect(page.getByRole('link', { name: 'Back to conversations' })).toBeInViewport();
      await expectNoHorizontalScroll(page, 360);
      // The header's actions are in its Menu, axe-clean open as well as closed.
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
      await expectNoHorizontalScroll(page, 360);
      await expectNoViolations(page);
    },
  );
});

test.describe('at 200% zoom (1280×800 at 200%: 640×400 CSS px)', () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test('the list and the pane stay usable, one at a time', async ({ page, service }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeInViewport();
    await appStarted(page);
    await typeInto(page.getByLabel('Service URL'), service.url);
    await typeInto(page.getByLabel('Access token'), BROWSER_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(conversationList(page).getByRole('link').first()).toBeInViewport();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expectNoHorizontalScroll(page, 640);

    const heading = await openFromList(page, 1);
    await expect(heading).toBeInViewport();
    await expect(
      page.getByRole('complementary').getByRole('link', { name: 'Back to conversations' }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page, 640);
    // Esc brings the list back, focus on the conversation that was open.
    await page.keyboard.press('Escape');
    await expect(conversationList(page).getByRole('link').nth(1)).toBeFocused();
    await expect(conversationList(page).getByRole('link').nth(1)).toBeInViewport();
  });
});

test('the production build ships no React Query Devtools', async ({ page, service }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await signIn(page, service);
  await page.keyboard.press('j');
  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  expect(scripts.filter((url) => /devtools/i.test(url))).toEqual([]);
  await expect(page.locator('.tsqd-parent-container, .tsqd-open-btn-container')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /query devtools/i })).toHaveCount(0);
});
