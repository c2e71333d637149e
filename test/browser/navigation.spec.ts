import type { Page } from '@playwright/test';
import {
  conversationList,
  expect,
  expectPaneCodeFailures,
  signIn,
  test,
  EVERY_ENGINE,
} from './fixtures';

function checkbox(page: Page, name: 'Open' | 'Closed' | 'Pending') {
  return page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name, exact: true });
}

function paneHeading(page: Page) {
  return page.getByRole('complementary').getByRole('heading', { level: 2 });
}

test(
  'back and forward move between filters and open conversations',
  { tag: EVERY_ENGINE },
  async ({ page, service }) => {
    await signIn(page, service);
    const openIds = service.state.dataset.list([1]).map((conversation) => conversation.id);

    await checkbox(page, 'Open').check();
    await expect(page).toHaveURL('/?status=open');
    await conversationList(page)
      .getByRole('link', { name: new RegExp(`^#${openIds[1]} `) })
      .click();
    await expect(page).toHaveURL(`/conversations/${openIds[1]}?status=open`);
    await expect(paneHeading(page)).toHaveText(`Conversation #${openIds[1]}`);
    await checkbox(page, 'Pending').check();
    await expect(page).toHaveURL(`/conversations/${openIds[1]}?status=open&status=pending`);

    await page.goBack();
    await expect(page).toHaveURL(`/conversations/${openIds[1]}?status=open`);
    await expect(checkbox(page, 'Pending')).not.toBeChecked();
    await expect(checkbox(page, 'Open')).toBeChecked();
    await expect(paneHeading(page)).toHaveText(`Conversation #${openIds[1]}`);

    await page.goBack();
    await expect(page).toHaveURL('/?status=open');
    await expect(paneHeading(page)).toHaveCount(0);
    await expect(checkbox(page, 'Open')).toBeChecked();
    for (const text of await conversationList(page).getByRole('link').allInnerTexts()) {
      expect(text).toContain('Open');
    }

    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(checkbox(page, 'Open')).not.toBeChecked();

    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(`/conversations/${openIds[1]}?status=open`);
    await expect(checkbox(page, 'Open')).toBeChecked();
    await expect(paneHeading(page)).toHaveText(`Conversation #${openIds[1]}`);
    await expect(
      conversationList(page).getByRole('link', { name: new RegExp(`^#${openIds[1]} `) }),
    ).toHaveAttribute('aria-current', 'page');
  },
);

test('opening with the keyboard and closing with Esc are history entries too', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  await page.keyboard.press('j');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(`/conversations/${ids[0]}`);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/');

  await page.goBack();
  await expect(page).toHaveURL(`/conversations/${ids[0]}`);
  await expect(paneHeading(page)).toHaveText(`Conversation #${ids[0]}`);
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(paneHeading(page)).toHaveCount(0);
});

test('on a slow laptop, clicking one row and then another before the first has opened shows the second, and Back goes to the first', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  // Openings render in a transition (a click paints at once): one overtaken by a second click
  // must neither win nor be lost from history.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const rows = conversationList(page).getByRole('link');
  await rows.nth(1).click();
  await rows.nth(2).click();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(paneHeading(page)).toHaveText(`Conversation #${ids[2]}`);
  await expect(page).toHaveURL(`/conversations/${ids[2]}`);
  await expect(rows.nth(2)).toHaveAttribute('aria-current', 'page');
  await expect(conversationList(page).locator('[aria-current]')).toHaveCount(1);
  await page.goBack();
  await expect(paneHeading(page)).toHaveText(`Conversation #${ids[1]}`);
});

test('on a slow laptop, two status boxes clicked one after the other both stay checked, and the list is the one for both', async ({
  page,
  service,
}) => {
  await signIn(page, service);
  // The filter renders its new list in a transition, the boxes showing their new state at once:
  // a second click before the first list is drawn must build on the first, not undo it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await checkbox(page, 'Open').click();
  await checkbox(page, 'Pending').click();
  await expect(checkbox(page, 'Open')).toBeChecked();
  await expect(checkbox(page, 'Pending')).toBeChecked();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page).toHaveURL('/?status=open&status=pending');
  await expect(checkbox(page, 'Closed')).not.toBeChecked();
  const shown = await conversationList(page).getByRole('link').allInnerTexts();
  expect(shown.length).toBeGreaterThan(0);
  for (const text of shown) expect(text).toMatch(/Open|Pending/);
  expect(shown.some((text) => text.includes('Pending'))).toBe(true);
});

test('when the pane’s code cannot be fetched, the pane says so with Retry, the list stays, and Retry opens the conversation', async ({
  page,
  service,
  consoleErrors,
}) => {
  let offline = true;
  await page.route(/\/assets\/conversation-route-[\w-]+\.js$/, (route) =>
    offline ? route.abort('internetdisconnected') : route.continue(),
  );
  await signIn(page, service);
  const ids = service.state.dataset.list().map((conversation) => conversation.id);
  const rows = conversationList(page).getByRole('link');
  await rows.nth(1).click();
  const pane = page.getByRole('complementary', { name: 'Conversation' });
  await expect(pane.getByRole('alert')).toContainText('This conversation could not be shown.');
  await expect(rows.nth(0)).toBeVisible();
  await expect(page).toHaveURL(`/conversations/${ids[1]}`);

  offline = false;
  await pane.getByRole('button', { name: 'Retry' }).click();
  await expect(paneHeading(page)).toHaveText(`Conversation #${ids[1]}`);
  await rows.nth(2).click();
  await expect(paneHeading(page)).toHaveText(`Conversation #${ids[2]}`);
  expectPaneCodeFailures(consoleErrors);
});

test('a shared link opens the same view, after signing in if needed', async ({
  page,
  context,
  browser,
  service,
}) => {
  await signIn(page, service);
  await checkbox(page, 'Closed').check();
  const closedId = service.state.dataset.list([2])[3]!.id;
  await conversationList(page)
    .getByRole('link', { name: new RegExp(`^#${closedId} `) })
    .click();
  await expect(paneHeading(page)).toHaveText(`Conversation #${closedId}`);
  const shared = new URL(page.url());
  expect(shared.pathname + shared.search).toBe(`/conversations/${closedId}?status=closed`);

  // Another tab of this browser is handed the session by the open one: the same view at once.
  const other = await context.newPage();
  await other.goto(shared.pathname + shared.search);
  await expect(checkbox(other, 'Closed')).toBeChecked();
  await expect(checkbox(other, 'Open')).not.toBeChecked();
  await expect(paneHeading(other)).toHaveText(`Conversation #${closedId}`);

  // Another browser (a colleague the link was sent to) signs in first, then lands on it.
  const elsewhere = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const colleague = await elsewhere.newPage();
    await signIn(colleague, service, { path: shared.pathname + shared.search });
    await expect(colleague).toHaveURL(shared.pathname + shared.search);
    await expect(checkbox(colleague, 'Closed')).toBeChecked();
    await expect(paneHeading(colleague)).toHaveText(`Conversation #${closedId}`);
  } finally {
    await elsewhere.close();
  }

  // A reload of the first tab restores it too.
  await page.reload();
  await expect(checkbox(page, 'Closed')).toBeChecked();
  await expect(paneHeading(page)).toHaveText(`Conversation #${closedId}`);
});

test('a link to a conversation that is not a number says so, with the list still usable', async ({
  page,
  service,
}) => {
  await signIn(page, service, { path: '/conversations/abc?status=open' });
  await expect(page.getByRole('alert')).toContainText('“abc” is not a conversation number.');
  await expect(checkbox(page, 'Open')).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/?status=open');
});
