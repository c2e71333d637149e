import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { RunningServiceDouble } from '../../service-double/index';
import {
  appStarted,
  BROWSER_TOKEN,
  conversationList,
  conversationPane,
  expect,
  signIn,
  test,
} from './fixtures';

/*
 * "New to you": a conversation updated since this agent last opened it on this browser is bold
 * with a New badge (lib/seen-marks.ts). The double's clock is in 2025, so a conversation is
 * updated "after the first sign-in" by stamping it with the test machine's time.
 */

const afterNow = (seconds = 60) => Math.floor(Date.now() / 1000) + seconds;

function row(page: Page, id: number) {
  return conversationList(page).getByRole('link', { name: new RegExp(`^#${id}\\b`) });
}
const newRows = (page: Page) => conversationList(page).getByRole('link', { name: /^#\d+ New / });

function touch(service: RunningServiceDouble, index: number, seconds?: number): number {
  const id = service.state.dataset.list()[index]!.id;
  service.state.dataset.touch(id, afterNow(seconds));
  return id;
}

/**
 * Signs in (the browser's first sign-in to this service), then the conversation at `index` is
 * updated: after a reload its row is New. Returns its id.
 */
async function signInWithNewRow(page: Page, service: RunningServiceDouble, index: number) {
  await signIn(page, service);
  const id = touch(service, index);
  await page.reload();
  await expect(row(page, id)).toHaveAccessibleName(/ New /);
  return id;
}

test('a first sign-in marks nothing; what is updated after it is New, opening clears it, and a reload keeps the marks', async ({
  page,
  service,
}) => {
  await signIn(page, service, { throughForm: true });
  await expect(conversationList(page).getByRole('link').nth(5)).toBeVisible();
  await expect(newRows(page)).toHaveCount(0);

  const opened = touch(service, 5);
  const other = touch(service, 8, 61);
  await page.reload();
  await expect(row(page, other)).toHaveAccessibleName(new RegExp(`^#${other} New `));
  await expect(row(page, opened)).toHaveAccessibleName(/ New /);
  await expect(row(page, opened).getByText('New', { exact: true })).toBeVisible();
  await expect(newRows(page)).toHaveCount(2);
  // Bold, and the row keeps its fixed height.
  expect(await row(page, opened).evaluate((a) => getComputedStyle(a).fontWeight)).toBe('700');
  expect((await row(page, opened).boundingBox())!.height).toBe(64);

  await row(page, opened).click();
  await expect(conversationPane(page, opened)).toBeVisible();
  await expect(row(page, opened)).not.toHaveAccessibleName(/ New /);

  await page.reload();
  await expect(row(page, other)).toHaveAccessibleName(/ New /);
  await expect(row(page, opened)).not.toHaveAccessibleName(/ New /);
  // Only ids with times and the first sign-in time are stored, never the token.
  const stored = await page.evaluate(() =>
    JSON.stringify(Object.fromEntries(Object.entries(localStorage))),
  );
  expect(stored).not.toContain(BROWSER_TOKEN);
  expect(Object.keys(JSON.parse(stored) as object)).toEqual([`threadline.seen ${service.url}`]);
});

test('opening a conversation in a second tab clears its mark in the first at once', async ({
  page,
  context,
  service,
}) => {
  const id = await signInWithNewRow(page, service, 3);
  // The first paint draws the rows before the app starts; only the app answers a new tab's ask.
  await appStarted(page);

  const second = await context.newPage();
  await second.goto('/');
  await expect(row(second, id)).toHaveAccessibleName(/ New /);
  await row(second, id).click();
  await expect(conversationPane(second, id)).toBeVisible();
  await expect(row(second, id)).not.toHaveAccessibleName(/ New /);
  // No reload in the first tab: the storage event tells it.
  await expect(row(page, id)).not.toHaveAccessibleName(/ New /);

  // Mark as unread in the second tab puts the mark back in both, and the open pane keeps it.
  await conversationPane(second, id).getByRole('button', { name: 'Mark as unread' }).click();
  await expect(second.getByRole('status').filter({ hasText: 'marked as unread' })).toHaveText(
    `Conversation #${id} marked as unread.`,
  );
  await expect(row(page, id)).toHaveAccessibleName(/ New /);
  await expect(row(second, id)).toHaveAccessibleName(/ New /);
});

test('at 390 px, Mark as unread from a pane opened by its link holds until it is opened again', async ({
  page,
  service,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const id = touch(service, 2);
  await signIn(page, service, { path: `/conversations/${id}` });
  const pane = conversationPane(page, id);
  await expect(pane).toBeVisible();
  await pane.getByRole('button', { name: 'Mark as unread' }).press('Enter');
  // One column at this width (issue 21): Back to conversations in place of Close.
  await pane.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(row(page, id)).toHaveAccessibleName(/ New /);
  // The badge fits the narrowest row: nothing overflows it or scrolls the page sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await row(page, id).evaluate((a) => a.scrollWidth <= a.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
    320,
  );
  await page.setViewportSize({ width: 390, height: 800 });
  await page.reload();
  await expect(row(page, id)).toHaveAccessibleName(/ New /);
  await row(page, id).click();
  await expect(conversationPane(page, id)).toBeVisible();
  await conversationPane(page, id).getByRole('link', { name: 'Back to conversations' }).click();
  await expect(row(page, id)).not.toHaveAccessibleName(/ New /);
});

test('Sign out offers to forget: forgetting removes the key, and the next sign-in is a first one again', async ({
  page,
  service,
}) => {
  const id = await signInWithNewRow(page, service, 4);
  await page.getByRole('button', { name: 'Sign out' }).click();
  const forget = page.getByRole('button', {
    name: 'Forget which conversations I have read on this browser',
  });
  await forget.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('This browser no longer remembers which conversations you have read.'),
  ).toBeFocused();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // Updated before this (new) first sign-in: part of the backlog, not New.
  service.state.dataset.touch(id, afterNow(-1));
  await signIn(page, service);
  await expect(row(page, id)).toBeVisible();
  await expect(newRows(page)).toHaveCount(0);
});

test('signing out without forgetting keeps the marks for the next sign-in', async ({
  page,
  service,
}) => {
  const id = await signInWithNewRow(page, service, 4);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(
    page.getByRole('button', { name: 'Forget which conversations I have read on this browser' }),
  ).toBeVisible();
  await signIn(page, service);
  await expect(row(page, id)).toHaveAccessibleName(/ New /);
});

/** Every axe rule, light and dark (as accessibility.spec.ts checks the other screens). */
async function expectNoViolations(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map(({ id, nodes }) => ({ colorScheme, id, nodes: nodes.length }))).toEqual(
      [],
    );
  }
  await page.emulateMedia({ colorScheme: null });
}

test('axe finds nothing on New rows, the pane with Mark as unread, and the offer to forget', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  const ids = [0, 1, 2].map((index) => touch(service, index, 60 + index));
  await page.reload();
  await expect(newRows(page)).toHaveCount(3);
  await expectNoViolations(page);
  await row(page, ids[1]!).click();
  const pane = conversationPane(page, ids[1]!);
  await pane.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(row(page, ids[1]!)).toHaveAccessibleName(/ New /);
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: /^Forget which/ })).toBeVisible();
  await expectNoViolations(page);
});
