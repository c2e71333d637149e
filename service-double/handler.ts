import { renderContent, renderParts } from './content.ts';
import type { StatusId } from './dataset.ts';
import type { FaultKind, FaultTarget } from './faults.ts';
import { isFailureKind } from './faults.ts';
import { toMessageJson } from './messages.ts';
import type { PageOptions } from './paging.ts';
import { pageOffset, paginate, parsePageQuery } from './paging.ts';
import type { ApiError, ServiceResponse } from './responses.ts';
import { sampleParts } from './sample-files.ts';
import {
  contentDisposition,
  corsHeaders,
  errors,
  failureResponse,
  json,
  notFound,
  PREFLIGHT_HEADERS,
  unauthorized,
} from './responses.ts';
import type { RequestLogEntry, ServiceState } from './state.ts';

export type { ServiceResponse } from './responses.ts';

export interface ServiceRequest {
  method: string;
  /** Absolute URL as received, e.g. http://127.0.0.1:5173/demo-service/conversations/list?limit=5. */
  url: string;
  headers: Record<string, string | undefined>;
  /**
   * Mount path of the service, e.g. '/demo-service'. When omitted it is inferred from the route
   * suffix, so MSW handlers can pass any URL.
   */
  basePath?: string;
  /** Aborts the latency wait when the client goes away. */
  signal?: AbortSignal;
}

type Route =
  | { kind: 'list' }
  | { kind: 'messages'; id: string }
  | { kind: 'attachment'; docId: string }
  | { kind: 'bench-attachment'; docId: string }
  | { kind: 'hostile' }
  | { kind: 'unknown' };

// Order matters: the bench route must win over the plain attachment route it ends with.
const ROUTES: readonly [RegExp, (m: RegExpExecArray) => Route][] = [
  [/^(.*)\/conversations\/list$/, () => ({ kind: 'list' })],
  [/^(.*)\/conversations\/([^/]+)\/messages$/, (m) => ({ kind: 'messages', id: m[2] ?? '' })],
  [
    /^(.*)\/bench\/attachments\/([^/]+)\/data$/,
    (m) => ({ kind: 'bench-attachment', docId: m[2] ?? '' }),
  ],
  [/^(.*)\/attachments\/([^/]+)\/data$/, (m) => ({ kind: 'attachment', docId: m[2] ?? '' })],
  [/^(.*)\/hostile\/[^/]+$/, () => ({ kind: 'hostile' })],
];

interface Matched {
  route: Route;
  /** Mount path, '' at the root. */
  base: string;
  /** Path relative to the mount path. */
  path: string;
}

function matchRoute(pathname: string, basePath: string | undefined): Matched {
  let path = pathname;
  if (basePath !== undefined) {
    if (basePath !== '' && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) {
      return { route: { kind: 'unknown' }, base: basePath, path: pathname };
    }
    path = pathname.slice(basePath.length) || '/';
  }
  for (const [pattern, build] of ROUTES) {
    const match = pattern.exec(path);
    if (match && (basePath === undefined || match[1] === '')) {
      const base = basePath ?? match[1] ?? '';
      return { route: build(match), base, path: pathname.slice(base.length) };
    }
  }
  return { route: { kind: 'unknown' }, base: basePath ?? '', path };
}

/**
 * The whole fake service as a function of one request. Works outside Node's http (MSW adapts its
 * result to a fetch Response); JSON bodies are plain strings.
 */
export async function handleServiceRequest(
  state: ServiceState,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const url = new URL(request.url);
  const headers = lowerCaseKeys(request.headers);
  const { route, base, path } = matchRoute(url.pathname, normalizeBasePath(request.basePath));
  const authorization = headers['authorization'];
  const token = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '')?.[1];
  const entry = state.log({
    method: request.method.toUpperCase(),
    path,
    query: url.search.slice(1),
    hasAuthorization: authorization !== undefined,
    authorizationValid: token === state.token,
  });
  state.stats.requests++;
  const response = await respond(state, request, { route, base, path, url, token, entry });
  entry.status = response.status;
  countOutcome(state, response);
  response.headers = { ...corsHeaders(headers['origin']), ...response.headers };
  const { body } = response;
  if (typeof body === 'string') {
    response.headers['Content-Length'] = String(Buffer.byteLength(body));
  } else if (body instanceof Uint8Array) {
    response.headers['Content-Length'] = String(body.length);
  }
  return response;
}

interface Context {
  route: Route;
  base: string;
  /** Path relative to the mount path. */
  path: string;
  url: URL;
  token: string | undefined;
  entry: RequestLogEntry;
}

async function respond(
  state: ServiceState,
  request: ServiceRequest,
  ctx: Context,
): Promise<ServiceResponse> {
  const { faults } = state;
  const method = request.method.toUpperCase();
  if (faults.latencyMs > 0) await sleep(faults.latencyMs, request.signal);
  if (ctx.route.kind === 'hostile') {
    // Only a sample's script (or markup that fetches) calls here. Any method, even a preflight,
    // counts: what matters is that the request was made at all, whatever CORS would then allow.
    state.stats.hostileHits.push(`${method} ${ctx.path}${ctx.url.search}`);
    return { status: 204, headers: { 'Cache-Control': 'no-store' } };
  }
  if (method === 'OPTIONS') {
    state.stats.preflights++;
    return { status: 204, headers: { ...PREFLIGHT_HEADERS } };
  }
  const { route } = ctx;
  if (route.kind === 'unknown' || (route.kind === 'bench-attachment' && !state.benchmark)) {
    return notFound(`No route for ${method} ${ctx.url.pathname}`);
  }
  if (method !== 'GET') {
    return errors(405, [{ type: 'method_not_allowed', message: `${method} is not supported` }], {
      Allow: 'GET, OPTIONS',
    });
  }
  const baseUrl = state.publicUrl ?? `${ctx.url.origin}${ctx.base}`;
  if (route.kind === 'bench-attachment') {
    return attachment(state, route.docId, undefined, ctx.entry, baseUrl);
  }

  const target: FaultTarget = route.kind === 'attachment' ? 'attachments' : 'api';
  const fault = faults.take(target);
  if (fault) {
    ctx.entry.fault = fault;
    state.stats.faults++;
    if (isFailureKind(fault) || fault === '401') {
      return failureResponse(fault, faults.retryAfterSeconds);
    }
  }
  if (!isAuthorized(state, ctx.token)) return unauthorized();
  switch (route.kind) {
    case 'list':
      return list(state, ctx.url.searchParams, fault);
    case 'messages':
      return messages(state, route.id, ctx, fault);
    case 'attachment':
      return attachment(state, route.docId, fault, ctx.entry, baseUrl);
  }
}

function isAuthorized(state: ServiceState, token: string | undefined): boolean {
  if (token !== state.token) return false;
  const limit = state.faults.tokenExpiresAfter;
  if (limit !== null && state.authorizedCount >= limit) return false;
  state.authorizedCount++;
  return true;
}

function list(
  state: ServiceState,
  params: URLSearchParams,
  fault: FaultKind | undefined,
): ServiceResponse {
  const problems: ApiError[] = [];
  const statusIds = parseStatusIds(params, problems);
  const query = parsePageQuery(params, problems);
  if (problems.length > 0) return errors(400, problems);
  state.stats.list++;
  const items = state.dataset.list(statusIds);
  const trapPage = state.faults.repeatCursor;
  const page = paginate(items, query, {
    emptyPage: fault === 'empty-page' || (!query.cursor.retried && state.faults.drawEmptyPage()),
    repeatCursor:
      fault === 'repeat-cursor' ||
      (trapPage !== null &&
        query.cursor.raw !== undefined &&
        query.cursor.offset === pageOffset(trapPage, query.limit)),
  });
  state.listCount++;
  touchDeepConversation(state);
  return json(200, page);
}

/** Mid-paging update: moves a conversation from below the first page to the top. */
function touchDeepConversation(state: ServiceState): void {
  const every = state.faults.touchEveryListRequests;
  if (every === null || state.listCount % every !== 0) return;
  const ordered = state.dataset.list();
  if (ordered.length < 2) return;
  const firstDeep = Math.min(ordered.length - 1, 60);
  const index = firstDeep + (((state.listCount / every) * 7919) % (ordered.length - firstDeep));
  const conversation = ordered[index];
  if (conversation) state.touch(conversation.id);
}

function parseStatusIds(params: URLSearchParams, problems: ApiError[]): StatusId[] {
  const ids: StatusId[] = [];
  for (const value of params.getAll('statusId')) {
    if (value === '1' || value === '2' || value === '3') {
      ids.push(Number(value) as StatusId);
    } else {
      problems.push({
        type: 'validation_error',
        message: value.includes(',')
          ? 'statusId must be repeated (statusId=1&statusId=3), not comma-separated'
          : 'statusId must be 1 (OPEN), 2 (CLOSED) or 3 (PENDING)',
        param: 'statusId',
      });
      break;
    }
  }
  return ids;
}

function messages(
  state: ServiceState,
  id: string,
  ctx: Context,
  fault: FaultKind | undefined,
): ServiceResponse {
  const conversationId = /^\d+$/.test(id) ? Number(id) : NaN;
  const all = state.messagesOf(conversationId);
  if (!all) return notFound(`Conversation ${safeDecode(id) ?? id} was not found`);
  const problems: ApiError[] = [];
  const query = parsePageQuery(ctx.url.searchParams, problems);
  if (problems.length > 0) return errors(400, problems);
  state.stats.messages++;
  const options: PageOptions = {
    emptyPage: fault === 'empty-page',
    repeatCursor: fault === 'repeat-cursor',
  };
  const page = paginate(all, query, options);
  const baseUrl = state.publicUrl ?? `${ctx.url.origin}${ctx.base}`;
  return json(200, { ...page, data: page.data.map((message) => toMessageJson(message, baseUrl)) });
}

function attachment(
  state: ServiceState,
  rawDocId: string,
  fault: FaultKind | undefined,
  entry: RequestLogEntry,
  baseUrl: string,
): ServiceResponse {
  const docId = safeDecode(rawDocId);
  const spec = docId === undefined ? undefined : state.findAttachment(docId);
  if (!spec) return notFound(`Attachment ${docId ?? rawDocId} was not found`);
  state.stats.attachments++;
  const sample = spec.sample ? sampleParts(spec.fileName, baseUrl) : undefined;
  const content = sample ? renderParts(sample) : renderContent(spec);
  const body =
    fault === 'truncate' ? truncated(content.body, Math.floor(content.length / 2)) : content.body;
  return {
    status: 200,
    headers: {
      'Content-Type': spec.mimeType,
      'Content-Length': String(content.length),
      'Content-Disposition': contentDisposition(spec.fileName),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
    body: countBytes(state, body, entry),
  };
}

/** Sends `limit` bytes, then fails the stream, which transports turn into a dropped connection. */
async function* truncated(
  body: Uint8Array | AsyncIterable<Uint8Array>,
  limit: number,
): AsyncGenerator<Uint8Array> {
  let sent = 0;
  const chunks = body instanceof Uint8Array ? [body] : body;
  for await (const chunk of chunks) {
    const room = limit - sent;
    if (room > 0) yield chunk.subarray(0, Math.min(room, chunk.length));
    sent += chunk.length;
    if (sent >= limit) break;
  }
  throw new Error('Attachment truncated by the truncate fault');
}

/**
 * Counts the body's bytes in the stats and in the request's log entry, and marks the entry
 * `completed` once the last chunk was taken (a client that went away first leaves it false).
 */
function countBytes(
  state: ServiceState,
  body: Uint8Array | AsyncIterable<Uint8Array>,
  entry: RequestLogEntry,
): Uint8Array | AsyncIterable<Uint8Array> {
  entry.bytesSent = 0;
  entry.completed = false;
  if (body instanceof Uint8Array) {
    state.stats.bytesSent += body.length;
    entry.bytesSent = body.length;
    entry.completed = true;
    return body;
  }
  return (async function* () {
    for await (const chunk of body) {
      state.stats.bytesSent += chunk.length;
      entry.bytesSent = (entry.bytesSent ?? 0) + chunk.length;
      yield chunk;
    }
    entry.completed = true;
  })();
}

function countOutcome(state: ServiceState, response: ServiceResponse): void {
  if (response.status === 401) state.stats.unauthorized++;
  else if (response.status === 400) state.stats.validationErrors++;
  else if (response.status === 404) state.stats.notFound++;
}

export function normalizeBasePath(basePath: string | undefined): string | undefined {
  if (basePath === undefined) return undefined;
  const trimmed = basePath.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function lowerCaseKeys(
  headers: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(headers)) out[key.toLowerCase()] = value;
  return out;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
