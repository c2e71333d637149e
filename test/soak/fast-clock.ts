/**
 * The soak's fast clock: an init script that runs the app's long timers at shift speed.
 *
 * config.json cannot ask for a poll under 5 s (src/lib/config.ts), and an 8-hour shift must fit in
 * about ten minutes, so the page's timers are scaled instead of the config: every setInterval of
 * 5 s or more (React Query's first-page poll, the list's relative-time refresh, the download
 * worker's keep-alive) and every setTimeout of 2 min or more (React Query's cache GC, 10 min)
 * run `factor` times faster. Shorter timeouts (request timeouts, stall detection, retries,
 * Blob URL revocation) stay real: the network and the browser run in real time.
 */
import type { BrowserContext, Page } from 'playwright';

export const SCALE_INTERVALS_FROM_MS = 5_000;
export const SCALE_TIMEOUTS_FROM_MS = 120_000;

export interface FastClockArgs {
  /** Simulated ms per real ms. */
  factor: number;
  intervalsFromMs: number;
  timeoutsFromMs: number;
}

export interface FastClockProbe {
  factor: number;
  /** How many timers of each (real) delay were scaled, e.g. { "interval 30000": 3 }. */
  scaled: Record<string, number>;
}

type FastClockWindow = Window & { __soakClock?: FastClockProbe };

/** Runs in every top-level document before its scripts (serialised: keep it self-contained). */
function installFastClock({ factor, intervalsFromMs, timeoutsFromMs }: FastClockArgs): void {
  if (window.top !== window) return;
  const probe: FastClockProbe = { factor, scaled: {} };
  (window as FastClockWindow).__soakClock = probe;
  type Timer = (handler: TimerHandler, delay?: number, ...rest: unknown[]) => number;
  const wrap =
    (real: Timer, kind: string, from: number): Timer =>
    (handler, delay, ...rest) => {
      let ms = Number(delay) || 0;
      if (ms >= from) {
        const key = `${kind} ${ms}`;
        probe.scaled[key] = (probe.scaled[key] ?? 0) + 1;
        ms = Math.max(1, Math.round(ms / factor));
      }
      return real(handler, ms, ...rest);
    };
  const w = window as unknown as Record<'setInterval' | 'setTimeout', Timer>;
  w.setInterval = wrap(window.setInterval.bind(window), 'interval', intervalsFromMs);
  w.setTimeout = wrap(window.setTimeout.bind(window), 'timeout', timeoutsFromMs);
}

export async function addFastClock(context: BrowserContext, factor: number): Promise<void> {
  await context.addInitScript(installFastClock, {
    factor,
    intervalsFromMs: SCALE_INTERVALS_FROM_MS,
    timeoutsFromMs: SCALE_TIMEOUTS_FROM_MS,
  });
}

export async function readFastClock(page: Page): Promise<FastClockProbe | undefined> {
  return page.evaluate(() => (window as FastClockWindow).__soakClock);
}
