import * as v from 'valibot';
import { createDeadline } from './deadline';
import { ApiError } from './errors';
import {
  readJsonAnswer,
  type JsonAnswer,
  type JsonRequest,
  type JsonTransport,
  type ListPage,
} from './json-answer';
import { errorEnvelopeSchema } from './schemas';

/** Where and as whom to call the service. The token is only ever sent to `serviceUrl`'s origin. */
export interface ServiceSession {
  serviceUrl: string;
  token: string;
}

export type QueryValue = string | number | readonly (string | number)[] | undefined;

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /**
   * Abort and fail with kind 'timeout' when no answer arrives in time (api/deadline.ts: it may be
   * a promise of the limit, counted from the request's start all the same).
   */
  timeoutMs?: number | Promise<number> | undefined;
  /** For a page of a cursor list: its cursor's parameter, and whether its next is wanted. */
  page?: ListPage | undefined;
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

let transport: JsonTransport = readJsonAnswer;
let forgetAhead = () => {};

/**
 * Sends the JSON requests made from now on through `next`: the request worker once it is ready
 * (request-worker/client.ts), the page's own fetch again if it fails. Every request still runs
 * under getJson's deadline, validation and errors, whichever carries it. `forget` gives up what
 * the carrier started before it was asked (the request worker's early next page).
 */
export function sendJsonRequestsThrough(next: JsonTransport, forget = () => {}): void {
  transport = next;
  forgetAhead = forget;
}

/** The session ended: nothing started ahead with its token goes on or is kept. */
export function forgetRequestsAhead(): void {
  forgetAhead();
}

/**
 * Makes the request under the caller's abort signal (React Query cancels on filter change and
 * unmount) and a timeout for the whole answer, and tells the two apart afterwards.
 */
async function requestJson(
  request: JsonRequest,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS }: RequestOptions,
): Promise<JsonAnswer> {
  const deadline = createDeadline({ signal, timeoutMs });
  try {
    return await transport(request, deadline.signal);
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    throw deadline.error();
  } finally {
    deadline.dispose();
  }
}

export function authHeaders(session: ServiceSession): Record<string, string> {
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
  const request: JsonRequest = { url: url.href, headers: authHeaders(session) };
  if (options.page) request.page = options.page;
  const answer = await requestJson(request, options);
  const status = answer.status;
  const retryAfterMs = parseRetryAfter(answer.retryAfter);
  if (!answer.body) {
    throw new ApiError({
      kind: answer.ok ? 'invalid-response' : 'service',
      type: answer.ok ? 'invalid_response' : `http_${status}`,
      status,
      retryAfterMs,
    });
  }
  const body = answer.body.json;

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
  if (!answer.ok) {
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
