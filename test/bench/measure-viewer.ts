import type { Browser } from 'playwright';
import { SHOWCASE_RANKS, type ServiceState } from '../../service-double/index';
import { heapAfterGc, newBenchContext, waitForReactElement, type HeapUsage } from './browser';
import type { Session } from './browser';

/** Attachments viewed in a row per sample: to the last viewable one and back. */
export const VIEWED_IN_A_ROW = 30;

export interface ViewerSample {
  /** After a first PDF was viewed and closed (its code loaded), after a full collection. */
  before: HeapUsage;
  /** After VIEWED_IN_A_ROW more and the viewer closed, after a full collection. */
  after: HeapUsage;
  /** File names in the order they were viewed. */
  viewed: string[];
}

const DIALOG = 'dialog.attachment-viewer';

/** Waits until the viewer has stopped loading what it shows (no status line left in it). */
async function settled(page: import('playwright').Page) {
  await page.waitForFunction(
    (selector) => {
      const dialog = document.querySelector(selector);
      if (!dialog || dialog.querySelector('[role="status"]')) return false;
      const image = dialog.querySelector('img');
      return !image || image.complete;
    },
    DIALOG,
    { timeout: 30_000, polling: 50 },
  );
}

/**
 * The page's heap (V8 heap and ArrayBuffer backing stores, after a full garbage collection)
 * before and after viewing VIEWED_IN_A_ROW attachments of the samples conversation in a row with
 * → and ← (PDFs, images, audio, video, text, CSV; a later messages page on the way), the viewer
 * then closed: object URLs revoked, workers ended and files dropped leave it where it was.
 */
export async function measureViewer(
  browser: Browser,
  origin: string,
  session: Session,
  state: ServiceState,
  runs: number,
): Promise<ViewerSample[]> {
  const id = state.dataset.list()[SHOWCASE_RANKS.viewerSamples]!.id;
  const samples: ViewerSample[] = [];
  for (let i = 0; i < runs; i++) {
    const { context, page, cdp } = await newBenchContext(browser, origin, session);
    try {
      await page.goto(`/conversations/${id}`, { waitUntil: 'commit' });
      await waitForReactElement(page, 'ol[aria-label="Messages"]');
      const first = page.getByRole('button', { name: 'View manual.pdf', exact: true });
      // Once, so the viewer's code, PDF.js and its worker script are loaded before `before`.
      await first.click();
      await settled(page);
      await page.keyboard.press('Escape');
      await page.locator(DIALOG).waitFor({ state: 'detached' });
      const before = await heapAfterGc(cdp);

      await first.click();
      const heading = page.locator(`${DIALOG} h2`);
      const viewed: string[] = [];
      let direction: 'ArrowRight' | 'ArrowLeft' = 'ArrowRight';
      while (viewed.length < VIEWED_IN_A_ROW) {
        await settled(page);
        const name = (await heading.textContent()) ?? '';
        viewed.push(name);
        await page.keyboard.press(direction);
        // At the last viewable attachment Next goes nowhere: turn back.
        const moved = await page
          .waitForFunction(
            ({ selector, was }) => document.querySelector(`${selector} h2`)?.textContent !== was,
            { selector: DIALOG, was: name },
            { timeout: 10_000, polling: 50 },
          )
          .then(
            () => true,
            () => false,
          );
        if (!moved) {
          direction = 'ArrowLeft';
          await page.keyboard.press(direction);
        }
      }
      await page.keyboard.press('Escape');
      await page.locator(DIALOG).waitFor({ state: 'detached' });
      const after = await heapAfterGc(cdp);
      samples.push({ before, after, viewed });
    } finally {
      await context.close();
    }
  }
  return samples;
}
