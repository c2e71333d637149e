import { sleep } from './deadline';
import { isApiError } from './errors';

/**
 * The one retry policy of every request the app makes: the list, its pages fetched ahead, the
 * freshness check, messages and previews (React Query's `retry`/`retryDelay`, from shouldRetry and
 * retryDelay below), downloads and Download all (`withRetries`, which React Query does not run).
 * Transient failures only; what the service asks for in Retry-After, otherwise exponential
 * backoff with full jitter; at most MAX_RETRIES automatic retries.
 */
export const MAX_RETRIES = 3;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
/** A Retry-After longer than this is cut short; the agent can still wait longer and press Retry. */
const MAX_RETRY_AFTER_MS = 60_000;

/** Network errors, timeouts, 408, 429 and 5xx retry; a validation_error never does. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isApiError(error) && error.isRetryable;
}

/** Exponential backoff with full jitter, or what the service asked for in Retry-After. */
export function retryDelay(attempt: number, error: unknown, random = Math.random): number {
  if (isApiError(error) && error.retryAfterMs !== undefined) {
    return Math.min(error.retryAfterMs, MAX_RETRY_AFTER_MS);
  }
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface RetryOptions {
  signal: AbortSignal;
  /** Automatic retries; MAX_RETRIES unless a test turns them off. */
  retries?: number | undefined;
  /** Told before each wait, e.g. to keep a stall watch from firing meanwhile. */
  onRetry?: ((delayMs: number, error: unknown) => void) | undefined;
}

/**
 * Runs `attempt` under the same policy as React Query's retries: a transient ApiError is tried
 * again after `retryDelay`, at most `retries` times; anything else, or an abort, ends it at once.
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
