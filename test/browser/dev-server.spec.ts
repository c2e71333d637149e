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
