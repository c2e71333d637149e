import type { Browser } from 'playwright';
import { newBenchContext, firstRowSeen } from './browser';
import type { Session } from './browser';
import { median } from './stats';
import type { Throttling } from './throttle';

export interface FirstRowResult {
  /**
   * The browser's language: the app starts in it, and the hand-written page writes its rows in
   * it too where it is Arabic (right to left, the app's words), in English otherwise.
   */
  locale: string;
  /** The first row painted (the end of the frame that draws it) rather than attached. */
  painted: boolean;
  /** ms from navigation start to the first row element attached (or painted), per sample. */
  app: number[];
  baseline: number[];
  appMedian: number;
  baselineMedian: number;
}

async function sample(
  browser: Browser,
  origin: string,
  session: Session,
  path: string,
  throttling: Throttling | undefined,
  painted: boolean,
  locale: string,
): Promise<number> {
  const { context, page } = await newBenchContext(browser, origin, session, throttling, locale);
  try {
    const firstRow = firstRowSeen(page, { painted });
    await page.goto(path, { waitUntil: 'commit' });
    return await firstRow;
  } finally {
    await context.close();
  }
}

/** Navigation → first conversation row: the app against the hand-written first-row page. */
export async function measureFirstRow(
  browser: Browser,
  origin: string,
  session: Session,
  runs: number,
  {
    throttling,
    painted = false,
    locale = 'en-US',
  }: { throttling?: Throttling; painted?: boolean; locale?: string } = {},
): Promise<FirstRowResult> {
  const app: number[] = [];
  const baseline: number[] = [];
  const take = (path: string) =>
    sample(browser, origin, session, path, throttling, painted, locale);
  // One unmeasured round warms the browser and the servers for both contenders alike.
  await take('/');
  await take('/bench/first-row.html');
  for (let i = 0; i < runs; i++) {
    // Alternate who goes first so drift hits both equally.
    if (i % 2 === 0) {
      app.push(await take('/'));
      baseline.push(await take('/bench/first-row.html'));
    } else {
      baseline.push(await take('/bench/first-row.html'));
      app.push(await take('/'));
    }
  }
  return {
    locale,
    painted,
    app,
    baseline,
    appMedian: median(app),
    baselineMedian: median(baseline),
  };
}
