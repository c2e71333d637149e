import { ApiError, networkError } from './errors';
import { parseRetryAfter } from './http';
import { withRetries, type RetryOptions } from './retry';

/**
 * GETs an attachment's bytes (downloads, Download all, previews). The caller has already checked
 * the url against the service (lib/origin-guard): the token goes there and nowhere else. Only the
 * token is sent: no cookies, no cache, no redirects (a redirect could carry the token elsewhere),
 * no referrer.
 *
 * Resolves with the answer once its status is OK, its body unread. Transient failures (no answer,
 * 408, 429, 5xx) are retried under the app's one policy (api/retry.ts), honouring Retry-After;
 * what remains is thrown as an ApiError with the status (kind 'service') or kind 'network'.
 */
export function requestAttachment(
  url: string,
  token: string,
  options: RetryOptions,
): Promise<Response> {
  const { signal } = options;
  return withRetries(async () => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}` },
        credentials: 'omit',
        cache: 'no-store',
        redirect: 'error',
        referrerPolicy: 'no-referrer',
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw networkError();
    }
    if (response.ok) return response;
    // Not awaited: some transports settle a cancel only once the request is aborted too.
    response.body?.cancel().catch(() => undefined);
    throw attachmentHttpError(response.status, response.headers.get('Retry-After'));
  }, options);
}

/** No answer from the service, as the download worker reports of its own request. */
export const attachmentNetworkError = networkError;

/** An error status, with its Retry-After (also what the download worker reports). */
export function attachmentHttpError(status: number, retryAfter: string | null): ApiError {
  return new ApiError({
    kind: 'service',
    type: `http_${status}`,
    status,
    retryAfterMs: parseRetryAfter(retryAfter),
  });
}
