import type { Browser, Page } from 'playwright';
import { newBenchContext, firstRowSeen, waitForReactElement } from './browser';
import type { Session } from './browser';
import { median } from './stats';
import { applyThrottling } from './throttle';
import type { Throttling } from './throttle';

/**
 * Finding in the list: from a keystroke in the finder to the next frame painted, while a query is
 * typed over every conversation loaded (10,000), against the same keystrokes typed into a plain
 * <input> on a hand-written page (the browser's own cost of a keystroke), both in the same run
 * and under the same throttling. The rows are loaded first, unthrottled; the throttling starts
 * just before the typing.
 */

/** Typed one key at a time: narrowing by a number, a status word, then a contact. */
export const FIND_QUERY = '48 open contact:1';
/** A keystroke is one sample; keys this far apart never share a frame. */
const KEY_GAP_MS = 120;

export interface FindSample {
  /** Keystroke to the next paint, per key typed (ms). */
  appMs: number[];
  /**
   * Keystroke to the paint of the list as that key narrowed it (the last frame painted after a
   * change to the list's rows or status line, before the next key), per key that changed them.
   */
  appNarrowedMs: number[];
  baselineMs: number[];
}

export interface FindResult {
  samples: FindSample[];
  appMedian: number;
  appNarrowedMedian: number;
  baselineMedian: number;
  keys: number;
  loaded: number;
}

interface ProbeWindow extends Window {
  __findLatency?: number[];
  __narrowedLatency?: number[];
}

/**
 * In the page: for every keydown, the time from the event to the end of the frame after it (a
 * task queued from that frame's animation callback runs once the frame is painted).
 */
function installKeyProbe(): void {
  const samples: number[] = [];
  (window as ProbeWindow).__findLatency = samples;
  addEventListener(
    'keydown',
    (event) => {
      const at = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => samples.push(performance.now() - at);
        channel.port2.postMessage(null);
      });
    },
    true,
  );
}

/**
 * In the app's page: for every keydown, the time from the event to the end of the last frame
 * painted after a change to the list (its rows, its status line) before the next key, so a list
 * narrowed in a render after the field's (a deferred value) is timed when it is on screen. NaN for
 * a key that changed nothing there.
 */
function installNarrowedProbe(): void {
  const samples: number[] = [];
  (window as ProbeWindow).__narrowedLatency = samples;
  let keyAt = 0;
  let key = -1;
  addEventListener(
    'keydown',
    (event) => {
      keyAt = event.timeStamp;
      key = samples.push(NaN) - 1;
    },
    true,
  );
  const list = document.querySelector('.conversation-list');
  if (!list) throw new Error('No list to watch');
  new MutationObserver(() => {
    const forKey = key;
    const at = keyAt;
    if (forKey < 0) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        if (key === forKey) samples[forKey] = performance.now() - at;
      };
      channel.port2.postMessage(null);
    });
  }).observe(list, { subtree: true, childList: true, characterData: true, attributes: true });
}

async function typeMeasured(page: Page): Promise<number[]> {
  await page.evaluate(installKeyProbe);
  await page.locator('.find-field').click();
  for (const key of FIND_QUERY) {
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    await page.waitForTimeout(KEY_GAP_MS);
  }
  return page.evaluate(() => (window as ProbeWindow).__findLatency ?? []);
}

/** Keeps the list at its end until every conversation is loaded. */
async function loadAll(page: Page, total: number): Promise<void> {
  const end = page.getByText(`All ${total.toLocaleString('en-US')} conversations loaded`);
  const deadline = Date.now() + 180_000;
  while (!(await end.isVisible())) {
    if (Date.now() > deadline) throw new Error('The list did not load to its end');
    await page
      .getByTestId('conversation-scroller')
      .evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.waitForTimeout(50);
  }
}

async function appSample(
  browser: Browser,
  origin: string,
  session: Session,
  total: number,
  throttling: Throttling | undefined,
): Promise<Omit<FindSample, 'baselineMs'>> {
  const { context, page, cdp } = await newBenchContext(browser, origin, session);
  try {
    const firstRow = firstRowSeen(page);
    await page.goto('/', { waitUntil: 'commit' });
    await firstRow;
    await waitForReactElement(page, '[data-testid="conversation-scroller"]');
    await loadAll(page, total);
    // The finder's code is in the page before the first measured key (it is fetched when the
    // inbox is idle anyway); the list is back at its top, where an agent starts typing.
    await page.locator('.find-field').focus();
    // The finder's code comes with the pane's chunk (app/pane-code.ts), fetched when the list is idle.
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => /\/assets\/conversation-route-[\w-]+\.js$/.test(entry.name)),
    );
    await page
      .getByTestId('conversation-scroller')
      .evaluate((element) => element.scrollTo({ top: 0 }));
    await page.evaluate(installNarrowedProbe);
    if (throttling) await applyThrottling(cdp, throttling);
    const samples = await typeMeasured(page);
    const narrowed = await page.evaluate(() => (window as ProbeWindow).__narrowedLatency ?? []);
    const status = page.getByRole('status').filter({ hasText: /loaded conversations? match/ });
    await status.waitFor();
    if (!(await status.textContent())?.includes(`of ${total.toLocaleString('en-US')} loaded`)) {
      throw new Error(`The finder did not narrow ${total} rows: ${await status.textContent()}`);
    }
    return { appMs: samples, appNarrowedMs: narrowed.filter((ms) => !Number.isNaN(ms)) };
  } finally {
    await context.close();
  }
}

async function baselineSample(
  browser: Browser,
  origin: string,
  session: Session,
  throttling: Throttling | undefined,
): Promise<number[]> {
  const { context, page, cdp } = await newBenchContext(browser, origin, session);
  try {
    await page.goto('/bench/find-input.html');
    if (throttling) await applyThrottling(cdp, throttling);
    return await typeMeasured(page);
  } finally {
    await context.close();
  }
}

export async function measureFind(
  browser: Browser,
  origin: string,
  session: Session,
  total: number,
  runs: number,
  throttling?: Throttling,
): Promise<FindResult> {
  const samples: FindSample[] = [];
  for (let i = 0; i < runs; i++) {
    const app = await appSample(browser, origin, session, total, throttling);
    const baselineMs = await baselineSample(browser, origin, session, throttling);
    samples.push({ ...app, baselineMs });
    console.log(
      `  run ${i + 1}/${runs}: app median ${median(app.appMs).toFixed(1)} ms (max ${Math.max(...app.appMs).toFixed(1)}), list narrowed ${median(app.appNarrowedMs).toFixed(1)} ms, plain input ${median(baselineMs).toFixed(1)} ms`,
    );
  }
  return {
    samples,
    appMedian: median(samples.flatMap((sample) => sample.appMs)),
    appNarrowedMedian: median(samples.flatMap((sample) => sample.appNarrowedMs)),
    baselineMedian: median(samples.flatMap((sample) => sample.baselineMs)),
    keys: FIND_QUERY.length,
    loaded: total,
  };
}
