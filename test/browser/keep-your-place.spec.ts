import type { Locator, Page } from '@playwright/test';
import type { RunningServiceDouble } from '../../service-double/index';
import {
  appStarted,
  BROWSER_TOKEN,
  conversationList,
  EVERY_ENGINE,
  conversationPane,
  expect,
  framesWithoutRows,
  listRequests,
  pollEveryFiveSeconds,
  signIn,
  test,
  watchFramesWithoutRows,
} from './fixtures';
import { headerAction } from './header-menu';

/*
 * Keeping the agent's place (issue 18, items 6 and 7; docs/keeping-your-place.md): the list's
 * place and keyboard selection per status filter and the pane's scroll per conversation survive
 * closing the pane, Back/Forward, switching filters and a reload; Compact rows keeps the top row.
 */

const ROW = 64;

function scroller(page: Page): Locator {
  return page.getByTestId('conversation-scroller');
}

/**
 * The conversation at the top of the list's view, and how far (px) below the list's top it is;
 * null while none is in view (the virtualizer has not drawn the rows at a new position yet).
 */
function rowInView(page: Page) {
  return scroller(page).evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const rows = [...element.querySelectorAll<HTMLElement>('[data-conversation-id]')];
    const first = rows
      .map((row) => ({ id: Number(row.dataset.conversationId), box: row.getBoundingClientRect() }))
      .filter(({ box }) => box.bottom > top + 1)
      .sort((a, b) => a.box.top - b.box.top)[0];
    return first ? { id: first.id, y: Math.round(first.box.top - top) } : null;
  });
}

/** rowInView once the rows at the list's scroll position are drawn. */
async function topRow(page: Page) {
  await expect.poll(() => rowInView(page)).not.toBeNull();
  return (await rowInView(page))!;
}

/** Scrolls the list as an agent would until row `index` is at its top (pages load on the way). */
async function scrollToRow(page: Page, index: number, rowHeight = ROW) {
  const target = index * rowHeight;
  await expect
    .poll(
      () =>
        scroller(page).evaluate((element, top) => {
          element.scrollTo({ top });
          return element.scrollTop;
        }, target),
      { timeout: 30_000 },
    )
    .toBe(target);
  // Saved a moment after scrolling stops.
  await page.waitForTimeout(400);
}

function rowOf(page: Page, id: number) {
  return conversationList(page).locator(`[data-conversation-id="${id}"]`);
}

/** A 400-conversation service, signed in, the list scrolled to row 150: the service and that place. */
async function signedInAtRow150(
  page: Page,
  startService: (options: { conversations: number }) => Promise<RunningServiceDouble>,
) {
  const service = await startService({ conversations: 400 });
  await signIn(page, service);
  await scrollToRow(page, 150);
  return { service, place: await topRow(page) };
}

function statusBox(page: Page, name: string) {
  return page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name });
}

test('the list keeps its place and selection: closing the pane, another filter and back, Back/Forward', async ({
  page,
  startService,
}) => {
  const { service, place } = await signedInAtRow150(page, startService);
  expect(place.y).toBe(0);
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  expect(place.id).toBe(ids[150]);

  // A selection by key (j from the top row's focus).
  await rowOf(page, ids[152]!).focus();
  await page.keyboard.press('j');
  const selected = conversationList(page).locator('.row-selected');
  await expect(selected).toHaveAttribute('data-conversation-id', String(ids[153]));

  // Opening a conversation and closing it.
  await rowOf(page, ids[155]!).click();
  await expect(conversationPane(page, ids[155]!)).toBeVisible();
  await page.getByRole('link', { name: 'Close', exact: true }).click();
  await expect(conversationPane(page, ids[155]!)).toHaveCount(0);
  expect((await topRow(page)).id).toBe(place.id);

  // Another filter starts at its top; back to this one, the place and selection are back.
  await watchFramesWithoutRows(page);
  await statusBox(page, 'Open').check();
  await expect(statusBox(page, 'Open')).toBeChecked();
  const newestOpen = service.state.dataset.list([1])[0]!;
  await expect.poll(async () => (await rowInView(page))?.id).toBe(newestOpen.id);
  await statusBox(page, 'Open').uncheck();
  await expect.poll(() => rowInView(page)).toEqual(place);
  await expect(selected).toHaveAttribute('data-conversation-id', String(ids[155]));
  expect(await framesWithoutRows(page)).toEqual([]);

  // Back (to the Open filter) and Forward (to this list): the place again.
  await page.goBack();
  await expect(statusBox(page, 'Open')).toBeChecked();
  await expect.poll(async () => (await rowInView(page))?.id).toBe(newestOpen.id);
  await page.goForward();
  await expect(statusBox(page, 'Open')).not.toBeChecked();
  await expect.poll(() => rowInView(page)).toEqual(place);
});

test(
  'a reload comes back to the place, paging on only as far as it needs',
  { tag: EVERY_ENGINE },
  async ({ page, startService }) => {
    const service = await startService({ conversations: 1000 });
    await signIn(page, service);
    await scrollToRow(page, 150);
    await conversationList(page).locator('[data-conversation-id]').nth(2).focus();
    await page.keyboard.press('j');
    const selectedId = await conversationList(page)
      .locator('.row-selected')
      .getAttribute('data-conversation-id');
    await page.waitForTimeout(400);
    const place = await topRow(page);
    const before = listRequests(service).length;

    await page.reload();
    await appStarted(page);
    await expect.poll(() => rowInView(page), { timeout: 15_000 }).toEqual(place);
    await expect(conversationList(page).locator('.row-selected')).toHaveAttribute(
      'data-conversation-id',
      selectedId!,
    );
    await page.waitForTimeout(1000);
    // Row 150 plus a screen and the list's own look-ahead (40 rows): 5 pages of 50, the first
    // one the start-up request. Nothing refetched wholesale, and no following of the end.
    const height = await scroller(page).evaluate((element) => element.clientHeight);
    const needed = Math.ceil((150 + Math.ceil(height / ROW) + 44) / 50);
    const made = listRequests(service).slice(before);
    expect(made.length).toBeLessThanOrEqual(needed + 1);
    expect(made.filter((params) => !params.get('next'))).toHaveLength(1);
    expect((await topRow(page)).id).toBe(place.id);
  },
);

test('a session that expired: signing in again comes back to the place and the open conversation', async ({
  page,
  startService,
}) => {
  const { service, place } = await signedInAtRow150(page, startService);
  await page.waitForTimeout(400);
  service.state.setToken('renewed');
  // The row in view opens: its messages are refused with a 401, and the session ends.
  await rowOf(page, place.id).click();
  await expect(page.getByRole('alert')).toContainText('Your session ended');
  await page.getByLabel('Access token').fill('renewed');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`/conversations/${place.id}`);
  await expect.poll(() => rowInView(page), { timeout: 15_000 }).toEqual(place);
  await expect(page.getByRole('heading', { name: `Conversation #${place.id}` })).toBeVisible();
});

test('signing out forgets the place: signing in again starts at the top', async ({
  page,
  startService,
}) => {
  const { service, place } = await signedInAtRow150(page, startService);
  await page.waitForTimeout(400);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Service URL').fill(service.url);
  await page.getByLabel('Access token').fill(BROWSER_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect
    .poll(() => rowInView(page))
    .toEqual({
      id: service.state.dataset.list()[0]!.id,
      y: 0,
    });
  expect(place.id).not.toBe(service.state.dataset.list()[0]!.id);
});

test('the agent’s own scrolling wins over a place still being restored after a reload', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 1000 });
  await signIn(page, service);
  await scrollToRow(page, 150);
  // Each page now takes a while: the place is several pages away.
  service.state.faults.latencyMs = 700;
  await page.reload();
  await appStarted(page);
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
  await scroller(page).hover();
  await page.mouse.wheel(0, 3 * ROW);
  await expect
    .poll(() => scroller(page).evaluate((element) => element.scrollTop))
    .toBeGreaterThan(0);
  const mine = await scroller(page).evaluate((element) => element.scrollTop);
  // Longer than the pages the place needed would have taken.
  await page.waitForTimeout(4000);
  expect(await scroller(page).evaluate((element) => element.scrollTop)).toBe(mine);
});

test('the pane keeps each conversation’s scroll position: reopened, Back/Forward and a reload', async ({
  page,
  service,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await signIn(page, service);
  // The longest conversation among the first rows.
  const candidates = service.state.dataset.list().slice(0, 8);
  const long = candidates
    .map((conversation) => ({
      id: conversation.id,
      count: service.state.messagesOf(conversation.id)?.length ?? 0,
    }))
    .sort((a, b) => b.count - a.count)[0]!;
  const other = candidates.find((conversation) => conversation.id !== long.id)!;
  await rowOf(page, long.id).click();
  const pane = conversationPane(page, long.id);
  await expect(pane.getByRole('list', { name: 'Messages' })).toBeVisible();
  const maxTop = await pane.evaluate((element) => element.scrollHeight - element.clientHeight);
  expect(maxTop).toBeGreaterThan(300);
  const top = Math.min(600, Math.round(maxTop / 2));
  await pane.evaluate((element, to) => element.scrollTo({ top: to }), top);
  await page.waitForTimeout(400);

  // Another conversation opens at its top.
  await rowOf(page, other.id).click();
  const otherPane = conversationPane(page, other.id);
  await expect(otherPane).toBeVisible();
  await expect.poll(() => otherPane.evaluate((element) => element.scrollTop)).toBe(0);

  await page.goBack();
  await expect.poll(() => pane.evaluate((element) => element.scrollTop)).toBe(top);
  await page.goForward();
  await expect(otherPane).toBeVisible();
  await rowOf(page, long.id).click();
  await expect.poll(() => pane.evaluate((element) => element.scrollTop)).toBe(top);

  await page.reload();
  await appStarted(page);
  await expect(pane.getByRole('list', { name: 'Messages' })).toBeVisible();
  await expect.poll(() => pane.evaluate((element) => element.scrollTop)).toBe(top);
});

/** Starts collecting layout shifts that count (those without recent input); see layout-shifts.spec.ts. */
async function watchShifts(page: Page) {
  await page.evaluate(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift' });
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`Compact rows at ${viewport.width} px: more rows, the top row stays put, remembered after a reload`, async ({
    page,
    service,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, service);
    const compact = await headerAction(page, page.getByRole('checkbox', { name: 'Compact rows' }));
    await expect(compact).not.toBeChecked();
    await scrollToRow(page, 60);
    const before = await topRow(page);
    const firstRow = conversationList(page).locator('.conversation-item').first();
    expect((await firstRow.boundingBox())!.height).toBe(64);
    await watchShifts(page);
    await watchFramesWithoutRows(page);

    await compact.check();
    await expect(compact).toBeChecked();
    expect(await topRow(page)).toEqual(before);
    expect((await firstRow.boundingBox())!.height).toBe(44);
    // Rows fit their two-line layout (phone) or one line: nothing spills out of a row.
    const overflowing = await conversationList(page)
      .locator('.conversation-row')
      .evaluateAll((rows) => rows.filter((row) => row.scrollHeight > row.clientHeight + 1).length);
    expect(overflowing).toBe(0);
    await page.waitForTimeout(700);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual(
      [],
    );

    // Off again: the same row at the top.
    await compact.uncheck();
    expect((await topRow(page)).id).toBe(before.id);
    expect(await framesWithoutRows(page)).toEqual([]);
    await compact.check();

    await page.reload();
    await appStarted(page);
    // In the closed Menu at 390 px.
    await expect(
      page.getByRole('checkbox', { name: 'Compact rows', includeHidden: true }),
    ).toBeChecked();
    // Polled: the place is restored a page away, so rows may be drawn a moment after the start.
    await expect.poll(async () => (await firstRow.boundingBox())?.height).toBe(44);
    await expect.poll(async () => (await rowInView(page))?.id).toBe(before.id);
  });
}

test('the first paint draws compact rows when they are on, box for box as React does', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  await page.getByRole('checkbox', { name: 'Compact rows' }).check();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Later pages held too, until the screens are compared: they add rows React would draw.
  let releasePages!: () => void;
  const pagesReleased = new Promise<void>((resolve) => (releasePages = resolve));
  await page.route(
    (url) => url.searchParams.has('next'),
    async (route) => {
      await pagesReleased;
      await route.continue();
    },
  );
  await page.reload();
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
  const boxes = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.inbox, .inbox *')]
        // The shortcut help is mounted closed once its code is in: not part of the screen.
        .filter((element) => !element.closest('.list-footer, dialog:not([open])'))
        .map((element) => {
          const box = element.getBoundingClientRect();
          if (box.bottom < 0 || box.top > window.innerHeight) return null;
          return `${element.localName}.${element.className} ${[box.x, box.y, box.width, box.height].map(Math.round).join(',')}`;
        })
        .filter((line) => line !== null),
    );
  const drawn = await boxes();
  expect(drawn.some((line) => /^a\.conversation-row [\d.-]+,[\d.-]+,[\d.-]+,44$/.test(line))).toBe(
    true,
  );
  await expect(page.getByRole('checkbox', { name: 'Compact rows' })).toBeChecked();
  release();
  await appStarted(page);
  expect(await boxes()).toEqual(drawn);
  releasePages();
});

test('a reload whose pages fail at first comes back to the place once Retry brings them', async ({
  page,
  startService,
}) => {
  const { service, place } = await signedInAtRow150(page, startService);
  // The first page fails, and its retries: the list says so with Retry.
  service.state.faults.enqueue('500', '500', '500', '500');
  await page.reload();
  await appStarted(page);
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => rowInView(page), { timeout: 30_000 }).toEqual(place);
});

test('"Show n new or updated" keeps the row in view in place and gives it the focus, its rows drawn in the same frame', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 400 });
  await pollEveryFiveSeconds(page);
  await signIn(page, service);
  await scrollToRow(page, 100);
  const before = await topRow(page);
  // More than a screenful arrives above the view: the row in view moves 30 rows down the list.
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  for (const id of ids.slice(300, 330)) service.state.dataset.touch(id);
  const banner = page.getByRole('button', { name: 'Show 30 new or updated' });
  await expect(banner).toBeVisible({ timeout: 15_000 });

  await watchFramesWithoutRows(page);
  await banner.focus();
  await page.keyboard.press('Enter');
  await expect(rowOf(page, before.id).first()).toBeFocused();
  expect(await rowInView(page)).toEqual(before);
  expect(await framesWithoutRows(page)).toEqual([]);
});
