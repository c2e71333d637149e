/**
 * `npx tsx test/bench/screenshot.ts`: the README's screenshots of the built app on the service
 * double, the list and a conversation with attachments open: docs/screenshot.png in English and
 * docs/screenshot-arabic.png with the browser in Arabic (right to left).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { startServiceDouble } from '../../service-double/index';
import { launchBrowser, newBenchContext, firstRowSeen } from './browser';
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
async function shoot(locale: string, file: string) {
  const { page, context } = await newBenchContext(
    browser,
    server.origin,
    { serviceUrl: service.url, token },
    undefined,
    locale,
  );
  await page.setViewportSize({ width: 1280, height: 760 });
  const showcase = service.state.dataset.list()[2]!;
  const firstRow = firstRowSeen(page);
  await page.goto(`${server.origin}/conversations/${showcase.id}`);
  await firstRow;
  await page.locator('.detail-pane h2').first().waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(ROOT, 'docs', file) });
  await context.close();
  console.log(`Wrote docs/${file}`);
}
try {
  await shoot('en-US', 'screenshot.png');
  await shoot('ar-EG', 'screenshot-arabic.png');
} finally {
  await browser.close();
  await server.close();
  await service.close();
}
