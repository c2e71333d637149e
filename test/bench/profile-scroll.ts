/**
 * `npx tsx test/bench/profile-scroll.ts [--slow]`: one app scroll run under the CPU
 * profiler (`--slow`: with the CPU 4× slower, as the slow-machine bench), printing the functions
 * with the most self time. A tool for finding where scrolling spends its time, not part of the
 * benchmark table.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { startServiceDouble } from '../../service-double/index';
import { launchBrowser, newBenchContext, firstRowSeen } from './browser';
import { buildApp } from './build';
import { startStaticServer } from './static-server';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

// Unminified, so the profile names the app's own functions.
const distDir = await buildApp(path.join(import.meta.dirname, '../../bench-results/dist-profile'), {
  minify: false,
});
const token = `profile-${randomUUID()}`;
const service = await startServiceDouble({
  port: 0,
  token,
  conversations: 10_000,
  basePath: '/api',
});
const server = await startStaticServer({
  distDir,
  pagesDir: path.join(import.meta.dirname, 'pages'),
  config: { serviceUrl: service.url, messagesPath: '/conversations/{id}/messages' },
});
const browser = await launchBrowser();
try {
  const { page, cdp } = await newBenchContext(browser, server.origin, {
    serviceUrl: service.url,
    token,
  });
  const firstRow = firstRowSeen(page);
  await page.goto(`${server.origin}/`);
  await firstRow;
  if (process.argv.includes('--slow')) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const progress: string[] = [];
  const sampler = setInterval(() => progress.push(String(service.state.stats.list)), 1000);
  const ms = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // Looked up every frame: React's list replaces the first-paint one.
        const find = () =>
          document.querySelector<HTMLElement>('[data-testid="conversation-scroller"]')!;
        const start = performance.now();
        const tick = () => {
          const scroller = find();
          if (scroller.textContent?.includes('All 10,000 conversations loaded')) {
            resolve(performance.now() - start);
            return;
          }
          scroller.scrollTop = scroller.scrollHeight;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  clearInterval(sampler);
  console.log(`List requests served, each second: ${progress.join(' ')}`);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  console.log(`Scrolled 10,000 conversations in ${Math.round(ms)} ms. Self time (ms):`);
  for (const [name, micros] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${(micros / 1000).toFixed(1).padStart(8)}  ${name}`);
  }
} finally {
  await browser.close();
  await server.close();
  await service.close();
}
