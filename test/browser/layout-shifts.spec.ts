import type { Page } from '@playwright/test';
import { conversationList, expect, pollEveryFiveSeconds, signIn, test } from './fixtures';

/**
 * Opening and closing conversations shift nothing that counts (issue 17): the list's reflow
 * as the pane opens must come with the click or key that caused it (the browser forgives shifts
 * within 500 ms of an input), not later, as it did when the pane's code arrived late (CLS 0.52
 * in an 800 × 600 window). Measured with the browser's own layout-shift entries, as CLS is.
 */

/** Starts collecting layout shifts that count (those without recent input). */
async function watchShifts(page: Page) {
  await page.evaluate(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) =>
            source.node instanceof Element ? source.node.className : (source.node?.nodeName ?? ''),
          ),
        });
      }
    }).observe({ type: 'layout-shift' });
  });
}

function countedShifts(page: Page) {
  return page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
}

const WIDTHS = [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
  { width: 834, height: 1194 },
  { width: 390, height: 844 },
];

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('opening and closing conversations by click and by key shift nothing that counts', async ({
      page,
      service,
    }) => {
      // A fresh session: the first opening of the session is the one that came late.
      await signIn(page, service);
      await watchShifts(page);
      const rows = conversationList(page).getByRole('link');
      const heading = page.getByRole('complementary').getByRole('heading', { level: 2 });
      const ids = service.state.dataset.list().map((conversation) => conversation.id);

      await rows.nth(0).click();
      await expect(heading).toHaveText(`Conversation #${ids[0]}`);
      await page.keyboard.press('Escape');
      await expect(heading).toHaveCount(0);
      await rows.nth(1).focus();
      await page.keyboard.press('j');
      await page.keyboard.press('Enter');
      await expect(heading).toHaveText(`Conversation #${ids[2]}`);
      // Below 720 px the conversation covers the list (issue 21): back to it first.
      if (viewport.width < 720) await page.keyboard.press('Escape');
      await rows.nth(3).click();
      await expect(heading).toHaveText(`Conversation #${ids[3]}`);
      await page.keyboard.press('Escape');
      await expect(heading).toHaveCount(0);
      // Late shifts come after the input has stopped counting (500 ms).
      await page.waitForTimeout(700);
      expect(await countedShifts(page)).toEqual([]);
    });

    test('the first opening while the pane’s code is still on its way shows its place at once and shifts nothing later', async ({
      page,
      service,
    }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/conversation-route-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await signIn(page, service);
      await watchShifts(page);
      const id = service.state.dataset.list()[1]!.id;
      await conversationList(page).getByRole('link').nth(1).click();
      await expect(page.getByText('Opening the conversation…')).toBeVisible();
      await page.waitForTimeout(700);
      release();
      await expect(
        page.getByRole('complementary').getByRole('heading', { name: `Conversation #${id}` }),
      ).toBeVisible();
      await page.waitForTimeout(700);
      expect(await countedShifts(page)).toEqual([]);
    });
  });
}

test('news arriving while the agent reads shifts nothing: the banner floats over the list', async ({
  page,
  service,
}) => {
  await pollEveryFiveSeconds(page);
  await signIn(page, service);
  const scroller = page.getByTestId('conversation-scroller');
  await scroller.evaluate((element) => element.scrollTo({ top: 640 }));
  const list = service.state.dataset.list();
  const read = conversationList(page)
    .getByRole('link')
    .filter({ hasText: `#${list[12]!.id}` });
  const before = await read.boundingBox();
  await watchShifts(page);
  service.state.dataset.touch(list[40]!.id);
  await expect(page.getByRole('button', { name: 'Show 1 new or updated' })).toBeVisible({
    timeout: 15_000,
  });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
  expect(await read.boundingBox()).toEqual(before);
  expect(await countedShifts(page)).toEqual([]);
});
