import { isApiError } from './errors';

export const MAX_RETRIES = 3;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;

/** Network errors, timeouts, 408, 429 and 5xx retry; a validation_error never does. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isApiError(error) && error.isRetryable;
}

/** Exponential backoff with full jitter, or what the service asked for in Retry-After. */
export function retryDelay(attempt: number, error: unknown, random = Math.random): number {
  if (isApiError(error) && error.retryAfterMs !== undefined) {
    return Math.min(error.retryAfterMs, 60_000);
  }
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
