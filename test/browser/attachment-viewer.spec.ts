import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  SHOWCASE_RANKS,
  VIEWER_SAMPLES,
  type RunningServiceDouble,
} from '../../service-double/index';
import { recordViolations, violations } from './csp-violations';
import { failingNthGet, throttled } from './download-helpers';
import { layoutProblemsInPage } from './layout-problems';
import {
  BROWSER_TOKEN,
  conversationPane,
  EVERY_ENGINE,
  expect,
  openConversation,
  test,
} from './fixtures';

/**
 * The attachment viewer (issue 19) against the double's real samples (service-double/
 * viewer-samples.ts): every kind opens and shows what it should, Previous/Next crosses a messages
 * page, hostile files stay inert, nothing violates the CSP or Trusted Types; and interrupted:
 * another conversation opened over it, a 503 while loading, a 401, a download outliving it.
 */

type Sample = (typeof VIEWER_SAMPLES)[number];

function samplesConversation(service: RunningServiceDouble): number {
  return service.state.dataset.list()[SHOWCASE_RANKS.viewerSamples]!.id;
}

function sample(fileName: string): Sample {
  const found = VIEWER_SAMPLES.find((entry) => entry.fileName === fileName);
  if (!found) throw new Error(`No sample ${fileName}`);
  return found;
}

function attachmentRequests(service: RunningServiceDouble) {
  return service.state.requests.filter(
    (entry) => entry.method === 'GET' && entry.path.startsWith('/attachments/'),
  );
}

function docIdOf(service: RunningServiceDouble, id: number, fileName: string): string {
  for (const message of service.state.messagesOf(id) ?? []) {
    const found = message.attachments.find((attachment) => attachment.fileName === fileName);
    if (found) return found.docId;
  }
  throw new Error(`${fileName} is not in conversation ${id}`);
}

/** The viewer dialog (there is one at a time). */
function viewer(page: Page): Locator {
  return page.getByRole('dialog');
}

async function openViewer(pane: Locator, fileName: string): Promise<Locator> {
  const button = pane.getByRole('button', { name: `View ${fileName}`, exact: true });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const dialog = viewer(pane.page());
  await expect(dialog).toHaveAccessibleName(fileName);
  return dialog;
}

async function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

async function mediaDuration(media: Locator): Promise<number> {
  return media.evaluate((element) => {
    const { duration } = element as HTMLMediaElement;
    return Number.isFinite(duration) ? duration : 0;
  });
}

/** What the viewer must show for a sample; `plays`: the engine plays this audio/video format. */
async function expectShown(dialog: Locator, entry: Sample, plays: (type: string) => boolean) {
  const { expect: facts } = entry;
  if ('tooLarge' in facts) {
    await expect(dialog.getByText(/larger than the 50 MB the viewer reads/)).toBeVisible();
  } else if ('problem' in facts && facts.problem === 'damaged') {
    await expect(dialog.getByText(/This PDF is damaged/)).toBeVisible();
  } else if ('problem' in facts && facts.problem === 'password') {
    await expect(dialog.getByText(/This PDF is password-protected/)).toBeVisible();
  } else if ('pages' in facts) {
    await expect(dialog.getByText(`Page 1 of ${facts.pages}`)).toBeVisible();
    if (entry.fileName === 'manual.pdf') {
      // Its web link opens in a new tab, without a way back to the app; its javascript: one is
      // not a link at all.
      const link = dialog.getByRole('link', { name: /example\.com\/manual/ });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(dialog.locator('a[href^="javascript:" i]')).toHaveCount(0);
      // + zooms in from fit width, 0 fits again.
      const fit = dialog.getByRole('button', { name: 'Fit width' });
      await expect(fit).toHaveAttribute('aria-pressed', 'true');
      await dialog.page().keyboard.press('+');
      await expect(fit).toHaveAttribute('aria-pressed', 'false');
      await dialog.page().keyboard.press('0');
      await expect(fit).toHaveAttribute('aria-pressed', 'true');
    }
    // The text layer: the page's words, selectable.
    await expect(dialog.locator('.textLayer').first()).toContainText(facts.text, {
      timeout: 15_000,
    });
  } else if ('undecodable' in facts) {
    await expect(dialog.getByText(/this browser cannot decode it as image\/heic/)).toBeVisible();
  } else if ('width' in facts && entry.kind === 'image') {
    const image = dialog.getByRole('img', { name: entry.fileName });
    await expect.poll(() => naturalWidth(image)).toBe(facts.width);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    if (entry.fileName === 'screenshot.png') {
      // r turns it a quarter; its frame now has the picture's height as its width.
      await dialog.page().keyboard.press('r');
      await expect(image).toHaveCSS('transform', /matrix\(0, 1, -1, 0|matrix\(6\.\d+e-17, 1/);
      await dialog.page().keyboard.press('+');
      await expect(dialog.getByRole('button', { name: 'Fit' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    }
  } else if ('durationSeconds' in facts) {
    const media = dialog.locator(entry.kind === 'audio' ? 'audio' : 'video');
    if (plays(entry.mimeType)) {
      await expect.poll(() => mediaDuration(media)).toBeGreaterThan(0);
      expect(await media.getAttribute('src')).toMatch(/^blob:/);
    } else {
      await expect(dialog.getByText(/This browser cannot play/)).toBeVisible();
    }
  } else if ('rows' in facts) {
    // The header row and the first 1,000 of 1,500 records.
    await expect(dialog.getByRole('row')).toHaveCount(1001);
    await expect(dialog.getByText(/Showing the first 1,000 rows/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Text' }).click();
    await expect(dialog.locator('pre')).toContainText('order_id,date,customer');
  } else if ('firstLine' in facts) {
    const text = dialog.getByLabel(`Text of ${entry.fileName}`);
    await expect(text).toContainText(facts.firstLine);
    // Markdown stays text: no heading, no link made of it.
    await expect(dialog.getByRole('heading')).toHaveCount(1);
    if (facts.bytes > 1024 * 1024) {
      await expect(dialog.getByText('Showing the first 1 MB of 3 MB.')).toBeVisible();
    }
  }
}

test.describe('the attachment viewer', () => {
  test(
    'every kind opens and shows what it should, Next loads a later messages page, hostile files stay inert, no CSP or Trusted Types violation',
    { tag: EVERY_ENGINE },
    async ({ page, service }) => {
      // Every sample in turn: about 45 s in Chromium and 55 in Firefox on this machine, alone.
      test.setTimeout(180_000);
      await recordViolations(page);
      const id = samplesConversation(service);
      const pane = await openConversation(page, service, id);
      const title = await page.title();
      // HTML is never viewed, only downloaded.
      await expect(pane.getByRole('button', { name: 'Download page.html' })).toBeVisible();
      await expect(pane.getByRole('button', { name: 'View page.html' })).toHaveCount(0);

      const plays = (type: string) =>
        page.evaluate((mime) => document.createElement('video').canPlayType(mime) !== '', type);
      const playable = new Map<string, boolean>();
      for (const entry of VIEWER_SAMPLES) {
        if (entry.kind === 'audio' || entry.kind === 'video')
          playable.set(entry.mimeType, await plays(entry.mimeType));
      }

      const dialog = await openViewer(pane, 'manual.pdf');
      const expected = VIEWER_SAMPLES.filter((entry) => entry.kind !== 'download');
      const seen: string[] = [];
      for (;;) {
        const name = (await dialog.getByRole('heading', { level: 2 }).textContent()) ?? '';
        const entry = expected.find((candidate) => candidate.fileName === name);
        if (entry) {
          seen.push(name);
          await expectShown(dialog, entry, (type) => playable.get(type) ?? false);
        }
        if (name === 'huge-video.webm') break;
        await page.keyboard.press('ArrowRight');
        await expect(dialog.getByRole('heading', { level: 2 })).not.toHaveText(name);
      }
      expect(seen).toEqual(expected.map((entry) => entry.fileName));

      // The huge video was refused by its declared length, not read.
      const huge = docIdOf(service, id, 'huge-video.webm');
      const hugeRequest = attachmentRequests(service).find((entry) =>
        entry.path.includes(encodeURIComponent(huge)),
      );
      expect(hugeRequest).toMatchObject({ completed: false });

      // Previous goes back across the page boundary too.
      await page.keyboard.press('ArrowLeft');
      await expect(dialog).toHaveAccessibleName('big.log');

      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(pane).toBeVisible();
      // Nothing hostile ran: no call home from the PDF's or the SVG's script, title unchanged.
      expect(service.state.stats.hostileHits).toEqual([]);
      expect(await page.title()).toBe(title);
      expect(await violations(page)).toEqual([]);
    },
  );

  test('Download in the viewer saves the exact bytes, and keeps going when the viewer closes', async ({
    page,
    service,
  }) => {
    const slow = await throttled(service, 64 * 1024);
    try {
      const id = samplesConversation(service);
      const pane = await openConversation(page, slow, id);
      const dialog = await openViewer(pane, 'server.log');
      await expect(dialog.getByLabel('Text of server.log')).toBeVisible();
      const saved = page.waitForEvent('download', { timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Download server.log' }).click();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(pane.getByRole('button', { name: 'View server.log' })).toBeFocused();
      const download = await saved;
      expect(download.suggestedFilename()).toBe('server.log');
      const bytes = await readFile(await download.path());
      const served = await fetch(
        `${service.url}/attachments/${encodeURIComponent(docIdOf(service, id, 'server.log'))}/data`,
        { headers: { Authorization: `Bearer ${BROWSER_TOKEN}` } },
      );
      const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
      expect(sha(bytes)).toBe(sha(new Uint8Array(await served.arrayBuffer())));
      const facts = sample('server.log').expect;
      expect(bytes.length).toBe('bytes' in facts ? facts.bytes : -1);
    } finally {
      await slow.close();
    }
  });

  test('at 360 px: opening another conversation with j and Enter closes the viewer and aborts its read', async ({
    page,
    service,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // Slow enough that the CSV is still arriving when the agent moves on.
    const slow = await throttled(service, 8 * 1024);
    try {
      const id = samplesConversation(service);
      const pane = await openConversation(page, slow, id);
      const docId = encodeURIComponent(docIdOf(service, id, 'orders.csv'));
      const aborted = page.waitForEvent('requestfailed', {
        predicate: (request) => request.url().includes(`/attachments/${docId}/data`),
      });
      const dialog = await openViewer(pane, 'orders.csv');
      await expect(dialog.getByRole('status')).toContainText('Loading orders.csv');
      // ? still lists the shortcuts, the viewer's among them; Esc closes only that.
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(help.getByText('Rotate the image')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(help).toHaveCount(0);
      await expect(dialog).toBeVisible();
      await page.keyboard.press('j');
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect(conversationPane(page, id)).toHaveCount(0);
      await expect(page.getByRole('complementary', { name: /^Conversation #\d+$/ })).toBeVisible();
      // The read was abandoned, not finished in the background.
      expect((await aborted).failure()?.errorText).toMatch(/abort|cancel/i);
    } finally {
      await slow.close();
    }
  });

  test('a 503 with Retry-After while loading a PDF is retried and the PDF shows; a 401 while viewing ends the session', async ({
    page,
    service,
  }) => {
    const id = samplesConversation(service);
    const docId = encodeURIComponent(docIdOf(service, id, 'manual.pdf'));
    const path = new URL(`${service.url}/attachments/${docId}/data`).pathname;
    const flaky = await failingNthGet(service, { path, nth: 1, status: 503, retryAfterSeconds: 1 });
    try {
      const pane = await openConversation(page, flaky, id);
      const dialog = await openViewer(pane, 'manual.pdf');
      await expect(dialog.getByText('Page 1 of 3')).toBeVisible({ timeout: 15_000 });
      expect(flaky.arrivals).toHaveLength(2);
      // Asked again only once Retry-After had passed.
      expect(flaky.arrivals[1]! - flaky.arrivals[0]!).toBeGreaterThanOrEqual(1000);

      // The same message's images have their thumbnails by now (the viewer reuses those): the
      // next attachment request is the viewer's read of the log.
      await expect(pane.getByRole('img', { name: 'photo.jpg' })).toBeVisible();
      await page.keyboard.press('Escape');
      service.state.faults.enqueue({ kind: '401', on: 'attachments' });
      await pane.getByRole('button', { name: 'View server.log' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(viewer(page)).toHaveCount(0);
    } finally {
      await flaky.close();
    }
  });

  for (const [scheme, width] of [
    ['light', 320],
    ['dark', 2560],
  ] as const) {
    test(`axe finds no violation in the viewer, and it fits the window (${scheme}, ${width} px)`, async ({
      page,
      service,
    }) => {
      await page.setViewportSize({ width, height: width > 1000 ? 1440 : 640 });
      await page.emulateMedia({ colorScheme: scheme });
      const id = samplesConversation(service);
      const pane = await openConversation(page, service, id);
      let dialog = await openViewer(pane, 'manual.pdf');
      await expect(dialog.locator('.textLayer').first()).toContainText('Threadline sample manual');
      const scan = () => new AxeBuilder({ page }).include('dialog').analyze();
      expect((await scan()).violations).toEqual([]);
      expect(await page.evaluate(layoutProblemsInPage)).toEqual([]);
      await page.keyboard.press('Escape');
      dialog = await openViewer(pane, 'orders.csv');
      await expect(dialog.getByRole('row').nth(1)).toBeVisible();
      expect((await scan()).violations).toEqual([]);
      // A table wider than a phone scrolls sideways in its own (focusable) region; nothing else.
      const problems = await page.evaluate(layoutProblemsInPage);
      expect(problems.filter((line) => !line.startsWith('div.viewer-table-scroller'))).toEqual([]);
    });
  }
});
