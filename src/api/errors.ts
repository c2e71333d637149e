/**
 * Every failure of a service call becomes an ApiError, so the UI can render one
 * shape: the service's own message and the parameter it names when it sent an
 * errors envelope, otherwise a message we write for the transport failure.
 */
export type ApiErrorKind =
  /** The service answered with an `errors` envelope (any HTTP status). */
  | 'service'
  /** The service answered but not in a shape we understand (non-JSON, malformed). */
  | 'invalid-response'
  /** No answer: DNS, connection refused or reset, CORS, offline. */
  | 'network'
  /** No answer within the request's timeout. */
  | 'timeout';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  type: string;
  message: string;
  param?: string | undefined;
  status?: number | undefined;
  /** From a Retry-After header, in milliseconds. */
  retryAfterMs?: number | undefined;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly type: string;
  readonly param: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.type = init.type;
    this.param = init.param;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
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
