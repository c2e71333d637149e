import type { Browser } from 'playwright';
import { newBenchContext, PROBE_SIGNAL, waitForProbeSignal } from './browser';
import { median } from './stats';
import type { Throttling } from './throttle';

export interface SignInSample {
  /** ms from navigation start to the paint of the Sign in button, its fields laid out with it. */
  formMs: number;
  /** Largest contentful paint by then (context: what Chromium itself calls drawn). */
  lcpMs: number | null;
}

export interface SignInResult {
  app: SignInSample[];
  baseline: SignInSample[];
  appMedian: number;
  baselineMedian: number;
  appLcpMedian: number;
  baselineLcpMedian: number;
}

interface FormProbe {
  formMs?: number;
  lcpMs: number | null;
}

type FormProbeWindow = Window & { __benchForm?: FormProbe };

/** What the probe logs once the form is usable (browser.ts, PROBE_SIGNAL). */
const FORM_SIGNAL = 'sign-in-form';

/**
 * Runs in the page before its scripts (self-contained: Playwright serialises it). The form is
 * usable once its fields and its Sign in button are in the page and visible; the time is that of
 * the paint that shows the button, from Element Timing: the attribute is added as soon as the
 * button is there, before any frame could draw it. (A frame callback would not do: Chromium
 * reports paints at presentation, after the callbacks of that frame and the tasks behind them.)
 */
function installFormProbe(signal: string): void {
  if (window.top !== window) return;
  const probe: FormProbe = { lcpMs: null };
  (window as FormProbeWindow).__benchForm = probe;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.lcpMs = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string })[]) {
        if (entry.identifier !== 'bench-sign-in' || probe.formMs !== undefined) continue;
        probe.formMs = entry.startTime;
        console.debug(signal);
      }
    }).observe({ type: 'element', buffered: true });
  } catch {
    // No paint timing APIs: the sample times out and the figure says n/a.
  }
  const visible = (element: Element | null | undefined) =>
    !!element && (element as HTMLElement).checkVisibility({ visibilityProperty: true });
  const usableButton = () => {
    for (const form of Array.from(document.forms)) {
      const button = Array.from(form.querySelectorAll('button[type="submit"]')).find(
        (candidate) => candidate.textContent?.trim() === 'Sign in',
      );
      if (
        visible(button) &&
        visible(form.querySelector('input[type="url"]')) &&
        visible(form.querySelector('input[type="password"]'))
      )
        return button;
    }
    return undefined;
  };
  const observer = new MutationObserver(() => {
    const button = usableButton();
    if (!button) return;
    observer.disconnect();
    button.setAttribute('elementtiming', 'bench-sign-in');
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function sample(
  browser: Browser,
  origin: string,
  path: string,
  throttling: Throttling | undefined,
): Promise<SignInSample> {
  const { context, page } = await newBenchContext(browser, origin, null, throttling);
  try {
    await context.addInitScript(installFormProbe, `${PROBE_SIGNAL}${FORM_SIGNAL}`);
    const usable = waitForProbeSignal(page, FORM_SIGNAL, 60_000);
    await page.goto(path, { waitUntil: 'commit' });
    await usable;
    const probe = await page.evaluate(() => (window as FormProbeWindow).__benchForm!);
    return { formMs: probe.formMs!, lcpMs: probe.lcpMs };
  } finally {
    await context.close();
  }
}

/**
 * A signed-out first visit until the sign-in form can be used: the app against a static form
 * (pages/sign-in.html), alternately, each sample in a fresh context (cold cache).
 */
export async function measureSignIn(
  browser: Browser,
  origin: string,
  runs: number,
  throttling?: Throttling,
): Promise<SignInResult> {
  const app: SignInSample[] = [];
  const baseline: SignInSample[] = [];
  const take = (path: string) => sample(browser, origin, path, throttling);
  // Warms the browser process and the static server for both alike; not recorded.
  await take('/');
  await take('/bench/sign-in.html');
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      app.push(await take('/'));
      baseline.push(await take('/bench/sign-in.html'));
    } else {
      baseline.push(await take('/bench/sign-in.html'));
      app.push(await take('/'));
    }
  }
  const lcp = (samples: SignInSample[]) =>
    median(samples.flatMap((s) => (s.lcpMs === null ? [] : [s.lcpMs])));
  return {
    app,
    baseline,
    appMedian: median(app.map((s) => s.formMs)),
    baselineMedian: median(baseline.map((s) => s.formMs)),
    appLcpMedian: lcp(app),
    baselineLcpMedian: lcp(baseline),
  };
}
