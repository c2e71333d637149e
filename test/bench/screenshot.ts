/**
 * `npx tsx test/bench/screenshot.ts`: the README's screenshot (docs/screenshot.png) of the
 * built app on the service double: the list and a conversation with attachments open.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { startServiceDouble } from '../../service-double/index';
import { launchBrowser, newBenchContext, waitForFirstRow } from './browser';
import { buildApp, ROOT } from './build';
import { startStaticServer } from './static-server';

const distDir = await buildApp();
const token = `shot-${randomUUID()}`;
const service = await startServiceDouble({
  port: 0,
  token,
  conversations: 5000,
  basePath: '/api',
  now: Math.floor(Date.now() / 1000),
});
const server = await startStaticServer({
  distDir,
  pagesDir: path.join(import.meta.dirname, 'pages'),
  config: { serviceUrl: service.url, messagesPath: '/conversations/{id}/messages' },
});
const browser = await launchBrowser();
try {
  const { page } = await newBenchContext(browser, server.origin, {
    serviceUrl: service.url,
    token,
  });
  await page.setViewportSize({ width: 1280, height: 760 });
  const showcase = service.state.dataset.list()[2]!;
  await page.goto(`${server.origin}/conversations/${showcase.id}`);
  await waitForFirstRow(page);
  await page.getByRole('heading', { name: `Conversation #${showcase.id}` }).waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(ROOT, 'docs', 'screenshot.png') });
  console.log('Wrote docs/screenshot.png');
} finally {
  await browser.close();
  await server.close();
  await service.close();
}
