import { createServer, type ViteDevServer } from 'vite';
import { conversationList, conversationPane, expect, test } from './fixtures';
import { freePort } from './free-port';

/**
 * `npm start`: the app from Vite's dev server (the source, transformed on request, not the build
 * every other browser test uses) on its demo service. The catalogs once failed to load there only
 * (a compiled catalog's bare import was left unrewritten under its `.json` id), so the README's
 * first command showed an empty page while every test of the build passed.
 */
test.describe.configure({ timeout: 90_000 });

let server: ViteDevServer;
let origin: string;
// Vite's dev server sets NODE_ENV for the whole process when it is unset; a build made later in
// this test process (new-version.spec.ts makes one) would then be a development build.
const nodeEnv = process.env.NODE_ENV;

test.beforeAll(async () => {
  const port = await freePort();
  server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'error',
    server: { host: '127.0.0.1', port, strictPort: true },
  });
  await server.listen();
  origin = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await server?.close();
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
});

test('npm start: the demo signs in, lists conversations and opens one', async ({ page }) => {
  await page.goto(`${origin}/`);
  await expect(page.getByLabel('Service URL')).toHaveValue(/\/demo-service$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  const row = conversationList(page).getByRole('link').first();
  await expect(row).toBeVisible();
  const id = Number(await row.getAttribute('data-conversation-id'));
  await row.click();
  await expect(conversationPane(page, id).getByRole('list', { name: 'Messages' })).toBeVisible({
    timeout: 30_000,
  });
});

test('npm start: another filter and back brings the list back to its place (StrictMode mounts the list twice there)', async ({
  page,
}) => {
  await page.goto(`${origin}/`);
  await expect(page.getByLabel('Service URL')).toHaveValue(/\/demo-service$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(conversationList(page).getByRole('link').first()).toBeVisible();
  const scroller = page.getByTestId('conversation-scroller');
  // Row 100 at the top of the view (pages load on the way), then saved a moment after.
  await expect
    .poll(() => scroller.evaluate((element) => ((element.scrollTop = 6400), element.scrollTop)), {
      timeout: 30_000,
    })
    .toBe(6400);
  await page.waitForTimeout(400);
  const topId = () =>
    scroller.evaluate((element) => {
      const top = element.getBoundingClientRect().top;
      const row = [...element.querySelectorAll<HTMLElement>('a[data-conversation-id]')].find(
        (link) => link.getBoundingClientRect().bottom > top + 1,
      );
      return row?.dataset.conversationId;
    });
  const before = await topId();
  expect(before).toBeDefined();

  const open = page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Open' });
  await open.check();
  await expect(open).toBeChecked();
  await open.uncheck();
  await expect.poll(topId).toBe(before);
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBe(6400);
});
