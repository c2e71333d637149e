import type { Browser } from 'playwright';
import type { ServiceState } from '../../service-double/index';
import { newBenchContext, firstRowSeen } from './browser';
import type { Session } from './browser';
import { isListGet, requestMark, requestsSince } from './service';
import { sleep, waitFor } from './stats';

export const POLL_INTERVAL_MS = 5000;
/** Load settles this long before counting starts; requests this long after the poll belong to it. */
const SETTLE_MS = 1000;
const AFTER_POLL_MS = 1500;

export interface PollSample {
  /** Every request the double saw for one freshness check (preflights included). */
  requests: number;
  listGets: number;
  /** ms from the mark (load settled) to the poll's first request. */
  pollAfterMs: number;
  /** What was requested, e.g. "OPTIONS /conversations/list?limit=50". */
  seen: string[];
}

/**
 * One freshness check: with config.json's pollIntervalMs at 5 s, load the app, let it settle,
 * and count what the double sees from the next poll until shortly after it (the next one is
 * seconds away).
 */
export async function measurePoll(
  browser: Browser,
  origin: string,
  session: Session,
  state: ServiceState,
  runs: number,
): Promise<PollSample[]> {
  const samples: PollSample[] = [];
  for (let i = 0; i < runs; i++) {
    const { context, page } = await newBenchContext(browser, origin, session);
    try {
      const firstRow = firstRowSeen(page);
      await page.goto('/', { waitUntil: 'commit' });
      await firstRow;
      await sleep(SETTLE_MS);
      const mark = requestMark(state);
      const markedAt = Date.now();
      await waitFor(
        'the freshness poll',
        () => requestsSince(state, mark).find(isListGet),
        POLL_INTERVAL_MS + 5000,
      );
      const pollAfterMs = Date.now() - markedAt;
      await sleep(AFTER_POLL_MS);
      // Everything from the settled load to shortly after the poll: the poll and only the poll.
      const seen = requestsSince(state, mark);
      samples.push({
        requests: seen.length,
        listGets: seen.filter(isListGet).length,
        pollAfterMs,
        seen: seen.map(
          (entry) => `${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ''}`,
        ),
      });
    } finally {
      await context.close();
    }
  }
  return samples;
}
