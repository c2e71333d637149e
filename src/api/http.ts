import * as v from 'valibot';
import { createDeadline } from './deadline';
import { ApiError } from './errors';
import { errorEnvelopeSchema } from './schemas';

/** Where and as whom to call the service. The token is only ever sent to `serviceUrl`'s origin. */
export interface ServiceSession {
  serviceUrl: string;
  token: string;
}

export type QueryValue = string | number | readonly (string | number)[] | undefined;

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Abort and fail with kind 'timeout' when no answer arrives in time. */
  timeoutMs?: number | undefined;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Builds `{serviceUrl}{path}?query`. Arrays become repeated parameters
 * (`statusId=1&statusId=3`), never comma-joined, as the interface requires.
 */
export function buildServiceUrl(
  serviceUrl: string,
  path: string,
  query: Record<string, QueryValue> = {},
): URL {
  const base = serviceUrl.replace(/\/+$/, '');
  const url = new URL(`${base}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) url.searchParams.append(name, String(item));
  }
  return url;
}

/** Parses a Retry-After header (seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Fetches under the caller's abort signal (React Query cancels on filter change and unmount) and a
 * timeout for the answer's headers, and tells the two apart afterwards.
 */
export async function fetchWithTimeout(
  url: URL | string,
  init: RequestInit,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS }: RequestOptions,
): Promise<Response> {
  const deadline = createDeadline({ signal, timeoutMs });
  try {
    return await fetch(url, { ...init, signal: deadline.signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    throw deadline.error();
  } finally {
    deadline.dispose();
  }
}

export function authHeaders(session: ServiceSession): HeadersInit {
  return { Authorization: `Bearer ${session.token}`, Accept: 'application/json' };
}

/**
 * GETs a JSON envelope and validates it. An `errors` envelope under any HTTP
 * status, a body that is not JSON, or one of the wrong shape all become ApiErrors.
 */
export async function getJson<TSchema extends v.GenericSchema>(
  session: ServiceSession,
  path: string,
  query: Record<string, QueryValue>,
  schema: TSchema,
  options: RequestOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const url = buildServiceUrl(session.serviceUrl, path, query);
  // no-store: conversations never rest in the browser's HTTP cache (on disk, after sign-out),
  // whatever caching headers the service sends; every answer is fetched anew anyway.
  const response = await fetchWithTimeout(
    url,
    { headers: authHeaders(session), credentials: 'omit', cache: 'no-store' },
    options,
  );
  const status = response.status;
  const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    if (options.signal?.aborted) throw options.signal.reason;
    throw new ApiError({
      kind: response.ok ? 'invalid-response' : 'service',
      type: response.ok ? 'invalid_response' : `http_${status}`,
      status,
      retryAfterMs,
    });
  }

  const envelope = v.safeParse(errorEnvelopeSchema, body);
  if (envelope.success) {
    const [first] = envelope.output.errors;
    throw new ApiError({
      kind: 'service',
      type: first?.type ?? 'error',
      message: first?.message,
      param: first?.param,
      status,
      retryAfterMs,
    });
  }
  if (!response.ok) {
    throw new ApiError({
      kind: 'service',
      type: `http_${status}`,
      status,
      retryAfterMs,
    });
  }

  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    throw new ApiError({
      kind: 'invalid-response',
      type: 'invalid_response',
      detail: where ?? '',
      status,
    });
  }
  return parsed.output;
}
