import { BROWSER_TOKEN, conversationList, expect, signIn, test, EVERY_ENGINE } from './fixtures';

/**
 * Agents open conversations in new tabs (Ctrl+click, middle-click) and sign out in any of them.
 * Two pages of one browser context are two tabs of one browser window.
 */
test(
  'Ctrl+click opens a conversation in a new tab that is signed in; sign-out in the first tab signs both out',
  { tag: EVERY_ENGINE },
  async ({ page, context, service }) => {
    await signIn(page, service);
    const row = conversationList(page).getByRole('link').nth(2);
    const id = Number(await row.getAttribute('data-conversation-id'));

    const opened = context.waitForEvent('page');
    await row.click({ modifiers: ['ControlOrMeta'] });
    const second = await opened;
    await expect(second.getByRole('heading', { name: `Conversation #${id}` })).toBeVisible();
    await expect(conversationList(second).getByRole('link').first()).toBeVisible();
    await expect(second.getByLabel('Access token')).toHaveCount(0);
    // The first tab stayed where it was.
    await expect(page.getByRole('complementary')).toHaveCount(0);

    // The token is only in each tab's sessionStorage: never localStorage, cookies or the URL.
    // localStorage holds only which conversations were opened (lib/seen-marks.ts).
    for (const tab of [page, second]) {
      const stored = await tab.evaluate(() =>
        JSON.stringify(Object.fromEntries(Object.entries(localStorage))),
      );
      expect(stored).not.toContain(BROWSER_TOKEN);
      expect(Object.keys(JSON.parse(stored) as object)).toEqual([`threadline.seen ${service.url}`]);
      expect(tab.url()).not.toContain('token');
    }
    expect(await context.cookies()).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 5_000 });
    expect(await second.evaluate(() => sessionStorage.length)).toBe(0);
  },
);

test('the app opened again in a new tab is signed in; a 401 in it signs the first tab out too', async ({
  page,
  context,
  service,
}) => {
  await signIn(page, service);
  const second = await context.newPage();
  await second.goto('/?status=pending');
  await expect(conversationList(second).getByRole('link').first()).toBeVisible();
  await expect(second.getByRole('checkbox', { name: /Pending/ })).toBeChecked();

  // The token stops working; the second tab finds out first.
  service.state.setToken('rotated-elsewhere');
  await second.getByRole('checkbox', { name: /Closed/ }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'Your session ended' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Your session ended' })).toBeVisible({
    timeout: 5_000,
  });
});

test('signing in asks for the first page once, with the filters in the address', async ({
  page,
  service,
}) => {
  await signIn(page, service, { path: '/?status=open&status=closed', throughForm: true });
  const firstPages = service.state.requests
    .filter((entry) => entry.method === 'GET' && entry.path === '/conversations/list')
    .map((entry) => new URLSearchParams(entry.query))
    .filter((params) => !params.has('next'));
  expect(firstPages).toHaveLength(1);
  expect(firstPages[0]!.getAll('statusId')).toEqual(['1', '2']);
});

test('news reaches the tab title: "(n) Threadline" until the agent shows them', async ({
  page,
  startService,
}) => {
  const service = await startService({ conversations: 300 });
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { pollIntervalMs: 5000, hiddenPollIntervalMs: 5000 } }),
  );
  await signIn(page, service);
  await expect(page).toHaveTitle('Threadline');
  const list = service.state.dataset.list();
  service.state.dataset.touch(list[100]!.id);
  service.state.dataset.touch(list[120]!.id);
  const banner = page.getByRole('button', { name: 'Show 2 new or updated' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveTitle('(2) Threadline');
  await banner.click();
  await expect(page).toHaveTitle('Threadline');
});
