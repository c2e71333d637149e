import type { Browser, Page } from 'playwright';
import type { ServiceState } from '../../service-double/index';
import {
  heapAfterGc,
  newBenchContext,
  readProbe,
  firstRowSeen,
  waitForReactElement,
} from './browser';
import type { Session } from './browser';
import { isListGet, requestMark, requestsSince } from './service';
import { max, median } from './stats';
import type { Throttling } from './throttle';

interface DriveArgs {
  scrollerSelector: string;
  listSelector: string;
  endText: string;
  timeoutMs: number;
}

interface DriveResult {
  /** performance.now() of the first scroll command and of the frame that saw the end marker. */
  start: number;
  end: number;
  frames: number;
  /** Longest rAF-to-rAF interval while scrolling. */
  maxFrameMs: number;
  timedOut: boolean;
}

/**
 * Runs in the page: every animation frame, put the scroller at its end, until the end marker
 * (text in one of the scroller's children other than the list itself) appears. The scroller is
 * looked up every frame: the app's first rows are drawn before React starts, and React's list
 * replaces that scroller (starting where it was scrolled to).
 */
function driveToEnd({ scrollerSelector, listSelector, endText, timeoutMs }: DriveArgs) {
  return new Promise<DriveResult>((resolve, reject) => {
    const find = () => document.querySelector<HTMLElement>(scrollerSelector);
    if (!find()) {
      reject(new Error(`No scroll container ${scrollerSelector}`));
      return;
    }
    const ended = (scroller: HTMLElement) => {
      const list = scroller.querySelector(listSelector);
      for (const child of Array.from(scroller.children)) {
        if (child !== list && child.textContent?.includes(endText)) return true;
      }
      return false;
    };
    const start = performance.now();
    let last = -1;
    let frames = 0;
    let maxFrameMs = 0;
    const toEnd = () => {
      const scroller = find();
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
      return scroller;
    };
    toEnd();
    const tick = (now: number) => {
      if (last >= 0) maxFrameMs = Math.max(maxFrameMs, now - last);
      last = now;
      frames++;
      const at = performance.now();
      const scroller = find();
      if ((scroller && ended(scroller)) || at - start > timeoutMs) {
        resolve({ start, end: at, frames, maxFrameMs, timedOut: at - start > timeoutMs });
        return;
      }
      toEnd();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export interface ScrollSample {
  ms: number;
  frames: number;
  maxFrameMs: number;
  longTaskCount: number;
  longTaskMaxMs: number;
  elementsInList: number;
  heapUsedAfterGc: number;
  heapBackingAfterGc: number;
  listRequests: number;
  /** CORS preflights (OPTIONS) for list pages: context, not part of "requests per page". */
  listPreflights: number;
  timedOut: boolean;
}

export interface FloorSample {
  ms: number;
  pages: number;
  rows: number;
}

export interface ScrollResult {
  app: ScrollSample[];
  baseline: ScrollSample[];
  floor: FloorSample[];
  /** Pages from the first to the end, as the floor walked them. */
  pages: number;
}

interface Contender {
  path: string;
  scroller: string;
  endText: string;
}

const LIST = 'ul[aria-label="Conversations"]';
const TIMEOUT_MS = 180_000;
const BASELINE_MAX_RUNS = 3;

export function scrollContenders(total: number): { app: Contender; baseline: Contender } {
  const endText = `All ${total.toLocaleString('en-US')} conversations loaded`;
  return {
    app: { path: '/', scroller: '[data-testid="conversation-scroller"]', endText },
    baseline: {
      path: '/bench/infinite-scroll.html',
      scroller: '[data-testid="baseline-scroller"]',
      endText,
    },
  };
}

async function elementsIn(page: Page): Promise<number> {
  return page.evaluate(
    (selector) => document.querySelector(selector)?.querySelectorAll('*').length ?? -1,
    LIST,
  );
}

async function scrollSample(
  browser: Browser,
  origin: string,
  session: Session,
  state: ServiceState,
  contender: Contender,
  throttling: Throttling | undefined,
): Promise<ScrollSample> {
  const mark = requestMark(state);
  const { context, page, cdp } = await newBenchContext(browser, origin, session, throttling);
  try {
    const firstRow = firstRowSeen(page);
    await page.goto(contender.path, { waitUntil: 'commit' });
    await firstRow;
    // Scrolling starts once the UI has started: React's start-up is the first-row figure's cost.
    await waitForReactElement(page, contender.scroller);
    const drive = await page.evaluate(driveToEnd, {
      scrollerSelector: contender.scroller,
      listSelector: LIST,
      endText: contender.endText,
      timeoutMs: TIMEOUT_MS,
    });
    const probe = await readProbe(page);
    const during = probe.longTasks.filter((task) => task.start >= drive.start);
    const elementsInList = await elementsIn(page);
    const heap = await heapAfterGc(cdp);
    const seen = requestsSince(state, mark);
    return {
      ms: drive.end - drive.start,
      frames: drive.frames,
      maxFrameMs: drive.maxFrameMs,
      longTaskCount: during.length,
      longTaskMaxMs: during.length > 0 ? max(during.map((task) => task.duration)) : 0,
      elementsInList,
      heapUsedAfterGc: heap.used,
      heapBackingAfterGc: heap.backing,
      listRequests: seen.filter(isListGet).length,
      listPreflights: seen.filter(
        (entry) => entry.method === 'OPTIONS' && entry.path === '/conversations/list',
      ).length,
      timedOut: drive.timedOut,
    };
  } finally {
    await context.close();
  }
}

type FloorWindow = Window & { benchRawFetch?: () => Promise<FloorSample> };

async function floorSample(
  browser: Browser,
  origin: string,
  session: Session,
  throttling: Throttling | undefined,
) {
  const { context, page } = await newBenchContext(browser, origin, session, throttling);
  try {
    await page.goto('/bench/raw-fetch.html');
    return await page.evaluate(() => (window as FloorWindow).benchRawFetch!());
  } finally {
    await context.close();
  }
}

export interface ScrollOptions {
  throttling?: Throttling;
  /** Leave out the infinite-scroll page (context only, and minutes per sample on a slow CPU). */
  withoutBaseline?: boolean;
}

/** Scrolling 10,000 conversations to the end: app, hand-written infinite scroll, raw-fetch floor. */
export async function measureScroll(
  browser: Browser,
  origin: string,
  session: Session,
  state: ServiceState,
  runs: number,
  { throttling, withoutBaseline = false }: ScrollOptions = {},
): Promise<ScrollResult> {
  const contenders = scrollContenders(state.dataset.size);
  const result: ScrollResult = { app: [], baseline: [], floor: [], pages: 0 };
  const baselineRuns = withoutBaseline ? 0 : BASELINE_MAX_RUNS;
  // Warm-up of the double (its per-filter cache) and the browser; not recorded.
  await floorSample(browser, origin, session, throttling);
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? (['app', 'baseline'] as const) : (['baseline', 'app'] as const);
    result.floor.push(await floorSample(browser, origin, session, throttling));
    for (const who of order) {
      // The infinite-scroll page is context only and by far the slowest: at most 3 samples.
      if (who === 'baseline' && result.baseline.length >= baselineRuns) continue;
      const sample = await scrollSample(
        browser,
        origin,
        session,
        state,
        contenders[who],
        throttling,
      );
      if (sample.timedOut) {
        console.warn(`  ${who} did not reach the end marker within ${TIMEOUT_MS / 1000} s`);
      }
      result[who].push(sample);
    }
    const last = result.floor.at(-1)!;
    console.log(
      `  run ${i + 1}/${runs}: app ${result.app.at(-1)!.ms.toFixed(0)} ms, baseline ${i < baselineRuns ? `${result.baseline.at(-1)!.ms.toFixed(0)} ms` : '(skipped)'}, floor ${last.ms.toFixed(0)} ms`,
    );
  }
  result.pages = median(result.floor.map((sample) => sample.pages));
  return result;
}
