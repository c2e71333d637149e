import { endedError, toApiError, type ApiError } from './errors';
import { watchForStall, type StallWatch } from '../lib/stall-watch';

/** Why a deadline ended: the caller (or its owner) gave up, the time ran out, or nothing arrived. */
export type DeadlineReason = 'cancelled' | 'timeout' | 'stall';

export interface DeadlineOptions {
  /** The caller's signal (Cancel, React Query dropping the query). */
  signal?: AbortSignal | undefined;
  /**
   * The whole wait may take this long, counted from the deadline's start. A promise of it while
   * the limit is still being read (the start-up request goes out before config.json is in); one
   * that fails leaves no timeout.
   */
  timeoutMs?: number | Promise<number> | undefined;
  /** Nothing arriving (no `touch`) for this long ends it as a stall. */
  stallMs?: number | undefined;
  /**
   * 'always': the stall countdown runs from the start. 'waiting': only while a `race` is pending,
   * for a consumer that pulls at its own pace (the browser saving a zip), whose pauses are not
   * stalls.
   */
  stallWhile?: 'always' | 'waiting' | undefined;
}

export interface Deadline {
  /** Aborts when the deadline ends for any reason: pass it to fetch. */
  readonly signal: AbortSignal;
  /** Why it ended; undefined while it runs. */
  readonly reason: DeadlineReason | undefined;
  /** A sign of life: the stall countdown starts again, `graceMs` longer this once (a retry's wait). */
  touch: (graceMs?: number) => void;
  /** Resolves or rejects as `promise` does, or rejects with `error()` as soon as the deadline ends. */
  race: <T>(promise: Promise<T>) => Promise<T>;
  /** The error to show for the end: its reason's, else `cause` (anything unknown: no connection). */
  error: (cause?: unknown) => ApiError;
  /** Ends it now, as cancelled (the owner dropped the request). */
  abort: () => void;
  /** Stops its timers and lets go of the caller's signal; does not abort. */
  dispose: () => void;
}

/**
 * One request's limits in one place: the caller's cancel, an overall timeout and a stall watch,
 * combined into the signal the request runs under, and remembered as the reason it ended, so the
 * failure can say which.
 *
 * The timeout is a timer rather than AbortSignal.timeout: it must end when the caller is done with
 * it (http.ts stops timing once the answer is in), which AbortSignal.timeout cannot, and tests
 * drive it with fake timers.
 */
export function createDeadline(options: DeadlineOptions): Deadline {
  const { signal: caller, timeoutMs, stallMs, stallWhile = 'always' } = options;
  const own = new AbortController();
  const signal = caller ? AbortSignal.any([caller, own.signal]) : own.signal;
  let ended: DeadlineReason | undefined;
  let disposed = false;
  let waits = 0;
  let stall: StallWatch | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The limit once known: what a timeout's message names. */
  let limitMs: number | undefined;

  const end = (reason: DeadlineReason) => {
    if (signal.aborted) return;
    ended = reason;
    own.abort();
  };
  const reason = () => ended ?? (caller?.aborted ? 'cancelled' : undefined);
  const startTimer = (ms: number, elapsedMs = 0) => {
    limitMs = ms;
    if (!disposed && !signal.aborted) timer = setTimeout(() => end('timeout'), ms - elapsedMs);
  };
  if (typeof timeoutMs === 'number') startTimer(timeoutMs);
  else {
    const startedAt = performance.now();
    timeoutMs?.then(
      (ms) => startTimer(ms, performance.now() - startedAt),
      () => undefined,
    );
  }
  const arm = () => {
    if (stallMs !== undefined && !disposed) stall = watchForStall(stallMs, () => end('stall'));
  };
  const disarm = () => {
    stall?.stop();
    stall = undefined;
  };
  if (stallWhile === 'always') arm();

  const error = (cause?: unknown): ApiError => {
    const why = reason();
    return why ? endedError(why, { timeoutMs: limitMs, stallMs }) : toApiError(cause);
  };

  return {
    signal,
    get reason() {
      return reason();
    },
    touch: (graceMs) => stall?.touch(graceMs),
    race<T>(promise: Promise<T>) {
      if (stallWhile === 'waiting' && (waits += 1) === 1) arm();
      return new Promise<T>((resolve, reject) => {
        const stop = () => reject(error());
        const settle = () => {
          signal.removeEventListener('abort', stop);
          if (stallWhile === 'waiting' && (waits -= 1) === 0) disarm();
        };
        if (signal.aborted) stop();
        else signal.addEventListener('abort', stop, { once: true });
        promise.then(
          (value) => {
            settle();
            resolve(value);
          },
          (cause: unknown) => {
            settle();
            reject(cause instanceof Error ? cause : new Error(String(cause)));
          },
        );
      });
    },
    error,
    abort: () => end('cancelled'),
    dispose() {
      disposed = true;
      clearTimeout(timer);
      disarm();
    },
  };
}

/** Waits `ms`, or rejects with the cancel as soon as `signal` aborts (a retry's wait). */
export async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  const deadline = createDeadline({ signal, timeoutMs: ms });
  try {
    await deadline.race(new Promise<never>(() => undefined));
  } catch (error) {
    if (deadline.reason !== 'timeout') throw error;
  } finally {
    deadline.dispose();
  }
}
