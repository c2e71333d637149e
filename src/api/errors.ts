import type { DeadlineReason } from './deadline';

/**
 * Every failure of a request becomes an ApiError, whatever made it (the list, messages, a preview,
 * a download or Download all), so the UI turns one shape into a sentence: describeError below, or
 * the downloads' failureMessage. A service's errors envelope keeps its own message and the
 * parameter it names; for anything else we write the message.
 */
export type ApiErrorKind =
  /** The service answered with an `errors` envelope (any HTTP status). */
  | 'service'
  /** The service answered but not in a shape we understand (non-JSON, malformed). */
  | 'invalid-response'
  /** No answer: DNS, connection refused or reset, CORS, offline. */
  | 'network'
  /** No answer within the request's timeout. */
  | 'timeout'
  /** Nothing arrived for the stall timeout (`detail`: the timeout in ms). */
  | 'stalled'
  /** The caller gave up: Cancel, or the query was dropped. */
  | 'cancelled'
  /** The body ended before Content-Length bytes arrived. */
  | 'incomplete'
  /** The url is not on the service: nothing was requested (`detail`: the foreign host). */
  | 'refused'
  /** The browser could not save or start the download (`detail`: what failed). */
  | 'browser';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  type: string;
  message: string;
  param?: string | undefined;
  status?: number | undefined;
  /** From a Retry-After header, in milliseconds. */
  retryAfterMs?: number | undefined;
  detail?: string | number | undefined;
  /** The attachment it happened on, when Download all failed on one file. */
  fileName?: string | undefined;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly type: string;
  readonly param: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly detail: string | number | undefined;
  readonly fileName: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.type = init.type;
    this.param = init.param;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.detail = init.detail;
    this.fileName = init.fileName;
  }

  /** The same failure, said of one file of several. */
  onFile(fileName: string): ApiError {
    const { kind, type, message, param, status, retryAfterMs, detail } = this;
    return new ApiError({ kind, type, message, param, status, retryAfterMs, detail, fileName });
  }

  get isUnauthorized(): boolean {
    return this.status === 401 || this.type === 'unauthorized';
  }

  get isNotFound(): boolean {
    return this.status === 404 || this.type === 'not_found';
  }

  /**
   * Transient failures worth another attempt: no answer at all, a timeout, a
   * 408/429 or a 5xx. A validation_error or any other 4xx will fail the same way again.
   */
  get isRetryable(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    const status = this.status ?? 0;
    return status === 408 || status === 429 || status >= 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message for people, naming the offending parameter when the service named one. */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    return error.param ? `${error.message} (parameter: ${error.param})` : error.message;
  }
  return 'Something went wrong. Please try again.';
}

/** No answer: DNS, connection refused or reset, CORS, offline. */
export function networkError(): ApiError {
  return new ApiError({
    kind: 'network',
    type: 'network_error',
    message: 'The service could not be reached. Check your connection.',
  });
}

/** Any failure as an ApiError: one that is not (a bug, a transport's own error) counts as no answer. */
export function toApiError(error: unknown): ApiError {
  return isApiError(error) ? error : networkError();
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} milliseconds`;
  const seconds = Math.round(ms / 1000);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** Why a request's deadline (api/deadline.ts) ended it, as an error. */
export function endedError(
  reason: DeadlineReason,
  { timeoutMs = 0, stallMs = 0 }: { timeoutMs?: number | undefined; stallMs?: number | undefined },
): ApiError {
  switch (reason) {
    case 'timeout':
      return new ApiError({
        kind: 'timeout',
        type: 'timeout',
        message: `The service did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
      });
    case 'stall':
      return new ApiError({
        kind: 'stalled',
        type: 'stalled',
        message: `No data arrived for ${formatDuration(stallMs)}.`,
        detail: stallMs,
      });
    case 'cancelled':
      return new ApiError({ kind: 'cancelled', type: 'cancelled', message: 'Cancelled.' });
  }
}
