import type { Page } from '@playwright/test';
import { conversationList, expect, signIn, test } from './fixtures';

/**
 * The count on the dock (issue 21): the count of new or updated conversations the banner and the
 * title show is also the app badge, and drawn on the favicon while the tab is hidden. The badge
 * API is recorded (a headless Chromium tab is no installed app); the tab's visibility is set as
 * the browser would (headless tabs never hide).
 */

/** Records navigator.setAppBadge / clearAppBadge calls: a number set, or 0 for a clear. */
async function recordBadges(page: Page) {
  await page.addInitScript(() => {
    const calls: number[] = [];
    Object.assign(window, { badgeCalls: calls });
    Object.defineProperty(Navigator.prototype, 'setAppBadge', {
      configurable: true,
      value: (count?: number) => {
        calls.push(count ?? 0);
        return Promise.resolve();
      },
    });
    Object.defineProperty(Navigator.prototype, 'clearAppBadge', {
      configurable: true,
      value: () => {
        calls.push(0);
        return Promise.resolve();
      },
    });
  });
}

const badge = (page: Page) =>
  page.evaluate(() => (window as unknown as { badgeCalls: number[] }).badgeCalls.at(-1));

const favicon = (page: Page) =>
  page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href'));

/** The tab hidden or shown, as the browser reports it. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}

test('the count of new or updated conversations: title, app badge and favicon agree; the favicon shows it only while the tab is hidden', async ({
  page,
  service,
}) => {
  await recordBadges(page);
  await signIn(page, service);
  // The installed app's code is in once the first screen is up: it clears any earlier badge.
  await expect.poll(() => badge(page)).toBe(0);
  expect(await favicon(page)).toBe('/favicon-64.png');

  const list = service.state.dataset.list();
  service.state.dataset.touch(list[60]!.id);
  service.state.dataset.touch(list[61]!.id);
  // Coming back to the tab checks the first page at once, once the list's freshness code is in
  // (it comes after the first screen, when the list is idle: on a busy machine after the badge's
  // code), so the agent comes back until it has.
  const banner = page.getByRole('button', { name: 'Show 2 new or updated' });
  await expect
    .poll(async () => {
      await setHidden(page, true);
      await setHidden(page, false);
      return banner.isVisible();
    })
    .toBe(true);
  await expect(page).toHaveTitle('(2) Threadline');
  await expect.poll(() => badge(page)).toBe(2);
  // Visible: the banner says it; the favicon stays the app's own.
  expect(await favicon(page)).toBe('/favicon-64.png');

  // Hidden: the favicon carries the count, drawn on a canvas; shown again, it is the app's own.
  await setHidden(page, true);
  await expect.poll(() => favicon(page)).toMatch(/^data:image\/png;base64,/);
  const drawn = await favicon(page);
  const decoded = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src!;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, drawn);
  expect(decoded).toEqual([64, 64]);
  await setHidden(page, false);
  await expect.poll(() => favicon(page)).toBe('/favicon-64.png');

  // Shown: the count goes from the title, the badge and (hidden again) the favicon alike.
  await banner.click();
  await expect(page).toHaveTitle('Threadline');
  await expect.poll(() => badge(page)).toBe(0);
  await setHidden(page, true);
  expect(await favicon(page)).toBe('/favicon-64.png');
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
});
