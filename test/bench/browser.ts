import { chromium } from 'playwright';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';
import { applyThrottling } from './throttle';
import type { Throttling } from './throttle';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** The app's sessionStorage key (src/lib/session-store.ts); the baseline pages read it too. */
export const SESSION_KEY = 'threadline.session';

/**
 * The row both the app and the baseline pages render: an <a> inside the list. Not found by the
 * list's label, which is in the browser's language (in Arabic the first row was never seen).
 */
export const ROW_SELECTOR = 'ul a.conversation-row';

/** What the init script records in every top-level document, read back as window.__bench. */
export interface BenchProbe {
  /** performance.now() when the first row element was attached; navigation start is 0. */
  firstRow?: number;
  /** When the frame that drew the first row was shown (Element Timing), on the same clock. */
  firstRowPaint?: number;
  longTasks: { start: number; duration: number }[];
}

export type ProbeWindow = Window & { __bench?: BenchProbe };

interface ProbeArgs {
  sessionKey: string;
  /** null: a signed-out visit. */
  sessionValue: string | null;
  rowSelector: string;
  signalPrefix: string;
}

/** Runs in the page before any of its scripts (serialised by Playwright: keep it self-contained). */
function installProbe({ sessionKey, sessionValue, rowSelector, signalPrefix }: ProbeArgs): void {
  if (window.top !== window) return;
  try {
    if (sessionValue !== null) sessionStorage.setItem(sessionKey, sessionValue);
  } catch {
    // An opaque origin has no storage; nothing to sign in there.
  }
  const bench: BenchProbe = { longTasks: [] };
  (window as ProbeWindow).__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No Long Tasks API: the count stays 0 and the report says what it saw.
  }
  // The first row's paint is the time the frame that drew it was shown (Element Timing's
  // renderTime, as Largest Contentful Paint reads it). The row's link lays its parts out as flex
  // items, each painting its own text: the attribute goes on every one of them, before the frame.
  const identifier = 'bench-first-row';
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        identifier?: string;
        renderTime?: number;
      })[]) {
        if (entry.identifier !== identifier || bench.firstRowPaint !== undefined) continue;
        bench.firstRowPaint = entry.renderTime || entry.startTime;
        console.debug(signalPrefix + 'first-row-painted');
      }
    }).observe({ type: 'element', buffered: true });
  } catch {
    // No Element Timing: no painted figure rather than another kind of one.
  }
  // Until that paint is seen: a row replaced before any frame drew it (React taking over from
  // the rows drawn before it) hands the mark to the first row there is then.
  const observer = new MutationObserver(() => {
    if (bench.firstRowPaint !== undefined) {
      observer.disconnect();
      return;
    }
    const row = document.querySelector(rowSelector);
    if (!row || row.hasAttribute('elementtiming')) return;
    for (const part of [row, ...Array.from(row.querySelectorAll('*'))]) {
      part.setAttribute('elementtiming', identifier);
    }
    if (bench.firstRow !== undefined) return;
    bench.firstRow = performance.now();
    console.debug(signalPrefix + 'first-row');
  });
  observer.observe(document, { childList: true, subtree: true });
}

export interface Session {
  serviceUrl: string;
  token: string;
}

/**
 * A fresh context (empty cache, storage and service workers), signed in through sessionStorage
 * unless `session` is null, its page throttled before it first navigates.
 */
export async function newBenchContext(
  browser: Browser,
  baseURL: string,
  session: Session | null,
  throttling?: Throttling,
  /** The browser's language: the app starts in the first one it has (src/i18n/). */
  locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    serviceWorkers: 'allow',
  });
  // tsx compiles with esbuild's keepNames, which wraps named inner functions in __name(…); the
  // functions handed to page.evaluate carry those calls into the page, so give them a no-op.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await context.addInitScript(installProbe, {
    sessionKey: SESSION_KEY,
    sessionValue: session ? JSON.stringify(session) : null,
    rowSelector: ROW_SELECTOR,
    signalPrefix: PROBE_SIGNAL,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttling) await applyThrottling(cdp, throttling);
  return { context, page, cdp };
}

/**
 * Waits until React has rendered the element `selector` finds (the app's first screen is drawn
 * with plain DOM before React starts, and React replaces it). React marks the root container and
 * every element it renders with keys of its own; pages without #root (the baselines) have no
 * React to wait for.
 */
export async function waitForReactElement(
  page: Page,
  selector: string,
  timeoutMs = 30_000,
): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const root = document.getElementById('root');
      if (!root) return true;
      const owns = (element: Element | null, prefix: string) =>
        !!element && Object.keys(element).some((key) => key.startsWith(prefix));
      return (
        owns(root, '__reactContainer$') && owns(document.querySelector(target), '__reactFiber$')
      );
    },
    selector,
    { timeout: timeoutMs, polling: 50 },
  );
}

export interface HeapUsage {
  /** V8 heap in use. */
  used: number;
  /** Backing stores of ArrayBuffers and external strings (bytes read from streams live here). */
  backing: number;
}

export async function heapUsage(cdp: CDPSession): Promise<HeapUsage> {
  const usage = await cdp.send('Runtime.getHeapUsage');
  return { used: usage.usedSize, backing: usage.backingStorageSize };
}

/** Heap after a full garbage collection (twice, so weak and finalised objects are gone too). */
export async function heapAfterGc(cdp: CDPSession): Promise<HeapUsage> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return heapUsage(cdp);
}

export async function readProbe(page: Page): Promise<BenchProbe> {
  const probe = await page.evaluate(() => (window as ProbeWindow).__bench);
  if (!probe) throw new Error(`The bench probe is missing on ${page.url()}`);
  return probe;
}

/**
 * What the page's probes log (console.debug) when they have seen what they wait for. The bench
 * waits for these messages, which arrive over the DevTools protocol without running anything in
 * the page: polling with waitForFunction first injects Playwright's own script into the page, 80
 * to 100 ms of the main thread at CPU 4× that landed in the middle of the load it measured.
 */
export const PROBE_SIGNAL = 'threadline-bench:';

/** Waits until a probe in the page logs `PROBE_SIGNAL + name`. */
export function waitForProbeSignal(page: Page, name: string, timeoutMs = 30_000): Promise<void> {
  const signal = page
    .waitForEvent('console', {
      predicate: (message) => message.text() === PROBE_SIGNAL + name,
      timeout: timeoutMs,
    })
    .then(() => undefined);
  // Started before the navigation it waits on: if that navigation fails, the page closes and this
  // rejects before anyone awaits it, which must not end the process (the caller reports the
  // navigation's error). Whoever awaits it still gets the rejection.
  signal.catch(() => undefined);
  return signal;
}

/**
 * The time the probe saw the first row (ms since navigation start): when it was attached, or
 * with `painted` when it was first painted. Call it before navigating: it listens for the probe's
 * signal and touches the page only once that has come.
 */
export function firstRowSeen(
  page: Page,
  { timeoutMs = 30_000, painted = false }: { timeoutMs?: number; painted?: boolean } = {},
): Promise<number> {
  const seen = waitForProbeSignal(
    page,
    painted ? 'first-row-painted' : 'first-row',
    timeoutMs,
  ).then(async () => {
    const probe = await readProbe(page);
    return (painted ? probe.firstRowPaint : probe.firstRow)!;
  });
  seen.catch(() => undefined); // as in waitForProbeSignal
  return seen;
}
