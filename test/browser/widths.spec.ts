import type { Locator, Page } from '@playwright/test';
import { SHOWCASE_RANKS, type RunningServiceDouble } from '../../service-double/index';
import { throttled } from './download-helpers';
import { headerAction } from './header-menu';
import { layoutProblemsInPage } from './layout-problems';
import { conversationList, EVERY_ENGINE, expect, signIn, test } from './fixtures';

/**
 * Every width (issue 11): from a phone to a large monitor, and at 200 % zoom, nothing scrolls
 * sideways, every control can be brought into view and then lies wholly inside the window, and the
 * conversation pane is either at least 360 px wide beside the list or, below 720 px, alone in one
 * column (issue 21), the header's actions in its Menu.
 */

const MiB = 1024 * 1024;
const MIN_PANE_WIDTH = 360;

/** An unbroken name, far wider than the pane at any width. */
const LONG_NAME =
  'Quarterly-customer-escalation-report-for-the-northern-region-including-every-appendix-and-the-raw-call-transcripts-final-v12.pdf';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Case {
  name: string;
  viewport: { width: number; height: number };
  deviceScaleFactor?: number;
}

const CASES: Case[] = [
  { name: '320 px', viewport: { width: 320, height: 640 } },
  { name: '360 px', viewport: { width: 360, height: 740 } },
  // Just above the breakpoint: the narrowest pane beside the list.
  { name: '721 px', viewport: { width: 721, height: 900 } },
  { name: '768 px', viewport: { width: 768, height: 1024 } },
  { name: '800 px', viewport: { width: 800, height: 1280 } },
  { name: '834 px', viewport: { width: 834, height: 1194 } },
  { name: '1024 px', viewport: { width: 1024, height: 768 } },
  { name: '1366 px', viewport: { width: 1366, height: 768 } },
  { name: '1920 px', viewport: { width: 1920, height: 1080 } },
  { name: '2560 px', viewport: { width: 2560, height: 1440 } },
  // 1280×800 at 200 % zoom: the page sees 640×400 CSS px at two device pixels each.
  { name: '1280 px at 200 % zoom', viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
];

function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(layoutProblemsInPage);
}

async function expectWithinWindow(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: window.innerHeight,
  }));
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(height + 0.5);
}

/** The gallery conversation, with a large attachment under a very long name added to it. */
function galleryWithLongName(service: RunningServiceDouble): number {
  const id = service.state.dataset.list()[SHOWCASE_RANKS.gallery]!.id;
  service.state.addAttachment(id, {
    fileName: LONG_NAME,
    mimeType: 'application/pdf',
    size: 24 * MiB,
  });
  return id;
}

for (const { name, viewport, deviceScaleFactor } of CASES) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport, ...(deviceScaleFactor ? { deviceScaleFactor } : {}) });

    test('the sign-in form fits the window', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByLabel('Service URL')).toBeVisible();
      await expect(page.getByLabel('Access token')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
      expect(await layoutProblems(page)).toEqual([]);
    });

    // A tablet's width, in Firefox too: its scrollbars take room where Chromium's headless ones do not.
    const tag = name === '834 px' ? [EVERY_ENGINE] : [];
    test(
      'list, pane, downloads panel and dialogs fit the window; the pane is wide enough or alone',
      { tag },
      async ({ page, service }) => {
        // Slow enough that the download is still running while everything is measured.
        const slow = await throttled(service, 1 * MiB);
        try {
          const id = galleryWithLongName(service);
          await signIn(page, slow, { path: `/conversations/${id}` });
          const pane = page.getByRole('complementary', { name: `Conversation #${id}` });
          await expect(pane.getByRole('list', { name: 'Messages' })).toBeVisible();
          const oneColumn = viewport.width < 720;
          // Below 720 px the pane covers the list, which waits underneath for Back.
          const list = page.getByRole('region', { name: 'Conversation list', includeHidden: true });
          if (oneColumn) await expect(list).toBeHidden();
          else await expect(list.getByRole('checkbox', { name: 'Open' })).toBeVisible();

          // A running download: progressbars in the pane and in the panel, a count in the header.
          await pane.getByRole('button', { name: `Download ${LONG_NAME}`, exact: true }).click();
          await expect(
            pane.getByRole('progressbar', { name: `Downloading ${LONG_NAME}` }),
          ).toBeVisible();
          const downloads = await headerAction(
            page,
            page.getByRole('button', { name: 'Downloads, 1 running' }),
          );
          await expect(downloads).toBeVisible();
          expect(await layoutProblems(page)).toEqual([]);

          // Beside the list the pane has room for its content; below 720 px it covers the list.
          // Both boxes from one layout (the pane's content can still grow meanwhile).
          const [listBox, paneBox] = (await page.evaluate(
            (elements) =>
              elements.map((element) => {
                const { x, y, width, height } = element.getBoundingClientRect();
                return { x, y, width, height };
              }),
            [await list.elementHandle(), await pane.elementHandle()],
          )) as [Box, Box];
          if (!oneColumn) {
            expect(paneBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width - 1);
            expect(paneBox.width).toBeGreaterThanOrEqual(MIN_PANE_WIDTH);
          } else {
            expect(paneBox).toEqual(listBox);
          }

          // The downloads panel opens under the header, inside the window.
          await downloads.click();
          const panel = page.getByRole('region', { name: 'Downloads' });
          await expect(
            panel.getByRole('progressbar', { name: `Downloading ${LONG_NAME}` }),
          ).toBeVisible();
          await expectWithinWindow(page, panel);
          expect(await layoutProblems(page)).toEqual([]);
          await panel.getByRole('button', { name: 'Close downloads' }).click();
          await expect(panel).toHaveCount(0);
          // Focus is back on Downloads, in the menu below 720 px: Esc closes that.
          if (oneColumn) await page.keyboard.press('Escape');

          // The image viewer.
          // Thumbnails load once scrolled into view.
          await pane
            .getByRole('listitem')
            .filter({ has: page.getByRole('button', { name: 'Download screenshot.png' }) })
            .last()
            .scrollIntoViewIfNeeded();
          const thumbnail = pane.getByRole('button', { name: 'View screenshot.png' });
          await thumbnail.click();
          const viewer = page.getByRole('dialog', { name: 'screenshot.png' });
          await expect(viewer.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
          await expectWithinWindow(page, viewer);
          expect(await layoutProblems(page)).toEqual([]);
          await viewer.getByRole('button', { name: 'Close' }).click();
          await expect(viewer).toHaveCount(0);

          // The keyboard shortcuts.
          await page.keyboard.press('?');
          const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
          await expect(help).toBeVisible();
          await expectWithinWindow(page, help);
          expect(await layoutProblems(page)).toEqual([]);
          await page.keyboard.press('Escape');
          await expect(help).toHaveCount(0);

          // Cancel the download, then the pane's Close.
          await pane.getByRole('button', { name: 'Cancel' }).click();
          await expect(
            page.getByRole('button', { name: 'Downloads', exact: true, includeHidden: true }),
          ).toBeAttached();
          const close = pane.getByRole('link', {
            name: oneColumn ? 'Back to conversations' : 'Close',
          });
          await close.scrollIntoViewIfNeeded();
          await expect(close).toBeInViewport({ ratio: 1 });
          await close.click();
          await expect(page).toHaveURL('/');
          await expect(pane).toHaveCount(0);
          await expect(conversationList(page).getByRole('link').first()).toBeVisible();
          expect(await layoutProblems(page)).toEqual([]);
        } finally {
          await slow.close();
        }
      },
    );
  });
}
