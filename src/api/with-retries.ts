import { retryDelay, shouldRetry, MAX_RETRIES } from './retry';

// Apart from retry.ts, which ships with the first render (React Query's options): only downloads
// and previews, loaded on demand, need this.

export interface RetryOptions {
  signal: AbortSignal;
  /** Automatic retries; MAX_RETRIES unless a test turns them off. */
  retries?: number | undefined;
  /** Told before each wait, e.g. to keep a stall watch from firing meanwhile. */
  onRetry?: ((delayMs: number, error: unknown) => void) | undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(
        signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'),
      );
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Runs `attempt` under the same policy as React Query's retries, for requests React Query does
 * not run (downloads, previews): a transient ApiError is tried again after `retryDelay`, at most
 * `retries` times; anything else, or an abort, ends it at once.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { signal, retries = MAX_RETRIES, onRetry }: RetryOptions,
): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (signal.aborted || failures >= retries || !shouldRetry(0, error)) throw error;
      const delay = retryDelay(failures, error);
      onRetry?.(delay, error);
      await sleep(delay, signal);
    }
  }
}
