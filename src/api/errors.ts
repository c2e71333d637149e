import { activeLanguage, t } from '../i18n/translate';
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
  /**
   * The service's own message, shown as it came. Left out for the app's own failures: the app's
   * sentence for the kind is written in the agent's language when it is shown (describeError).
   */
  message?: string | undefined;
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
  /** The service's own message, when it gave one (and an ApiError made elsewhere with a text). */
  readonly serviceMessage: string | undefined;

  constructor(init: ApiErrorInit) {
    // Error.message: the text in the language of the moment, for whoever reads it directly.
    super(init.message ?? ownMessage(init));
    this.name = 'ApiError';
    this.serviceMessage = init.message;
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
    const { kind, type, serviceMessage: message, param, status, retryAfterMs, detail } = this;
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

/**
 * The app's own sentence for a failure of this kind, in the language in use. Written again each
 * time it is shown, so a failure on screen follows a change of language.
 */
function ownMessage({ kind, status, detail }: Pick<ApiErrorInit, 'kind' | 'status' | 'detail'>) {
  switch (kind) {
    case 'service':
      return status !== undefined && status >= 400
        ? t('errors.httpStatus', { status: String(status) })
        : t('errors.serviceError');
    case 'invalid-response':
      // `detail`: where in the answer it went wrong (a dot path), or nothing: not JSON at all.
      if (typeof detail !== 'string') return t('errors.invalidJson');
      return detail
        ? t('errors.unexpectedShapeAt', { where: detail })
        : t('errors.unexpectedShape');
    case 'network':
      return t('errors.network');
    case 'timeout':
      return t('errors.timeout', {
        duration: formatDuration(typeof detail === 'number' ? detail : 0),
      });
    case 'cancelled':
      return t('errors.cancelled');
    case 'stalled':
    case 'incomplete':
    case 'refused':
    case 'browser':
      // Only downloads, previews and the viewer fail this way, and they tell the agent in their
      // own words (downloads/engines/download-failure.ts) or pass their own message: these
      // sentences would be first-load bytes nobody reads.
      return t('errors.unknown');
  }
}

/**
 * A message for people: the service's own message as it came (naming the offending parameter
 * when it named one), or the app's own sentence in the language in use.
 */
export function describeError(error: unknown): string {
  if (!isApiError(error)) return t('errors.unknown');
  const message = error.serviceMessage;
  if (message === undefined) return ownMessage(error);
  return error.param ? t('errors.withParameter', { message, param: error.param }) : message;
}

/** No answer: DNS, connection refused or reset, CORS, offline. */
export function networkError(): ApiError {
  return new ApiError({ kind: 'network', type: 'network_error' });
}

/** Any failure as an ApiError: one that is not (a bug, a transport's own error) counts as no answer. */
export function toApiError(error: unknown): ApiError {
  return isApiError(error) ? error : networkError();
}

/** "30 seconds", "150 milliseconds", in the language in use ("30 Sekunden"). */
export function formatDuration(ms: number): string {
  const [value, unit] = ms < 1000 ? [ms, 'millisecond'] : [Math.round(ms / 1000), 'second'];
  return new Intl.NumberFormat(activeLanguage().code, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}

/** Why a request's deadline (api/deadline.ts) ended it, as an error. */
export function endedError(
  reason: DeadlineReason,
  { timeoutMs = 0, stallMs = 0 }: { timeoutMs?: number | undefined; stallMs?: number | undefined },
): ApiError {
  switch (reason) {
    case 'timeout':
      return new ApiError({ kind: 'timeout', type: 'timeout', detail: timeoutMs });
    case 'stall':
      return new ApiError({ kind: 'stalled', type: 'stalled', detail: stallMs });
    case 'cancelled':
      return new ApiError({ kind: 'cancelled', type: 'cancelled' });
  }
}
