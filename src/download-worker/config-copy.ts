/// <reference lib="webworker" />
import { CONFIG_PATH, type ConfigProblem, type ConfigSource } from './protocol';

declare const self: ServiceWorkerGlobalScope;

/**
 * config.json, network first, with its last good copy: a deployment changes config.json without
 * a new build, so it is never precached with the build's files. The server's answer is used when
 * it is a JSON object (and then kept as the copy); when the server cannot be reached, does not
 * answer in time, answers with an error (a missing file included) or with something that is not
 * a JSON object, the last good copy is used instead, if there is one. Whether the copy was used,
 * and why, is kept per page for the page to show (`configSourceFor`).
 *
 * What makes a copy "good" here is only that it is a JSON object: the app itself checks its keys
 * and names a bad one (README, Configuration), which is an answer the deployment must see.
 */

const CACHE = 'threadline-config';
/** Beyond this, a saved copy is used and the server's answer, if it comes, saved for next time. */
const NETWORK_TIMEOUT_MS = 4_000;
/** On the saved copy: when it was saved (ISO 8601). */
const SAVED_AT_HEADER = 'X-Threadline-Saved-At';
/** Pages whose answer is remembered: a page asks once, soon after it starts. */
const REMEMBERED_PAGES = 20;

const sources = new Map<string, ConfigSource>();

function remember(clientId: string, source: ConfigSource) {
  if (!clientId) return;
  sources.delete(clientId);
  sources.set(clientId, source);
  for (const oldest of sources.keys()) {
    if (sources.size <= REMEMBERED_PAGES) break;
    sources.delete(oldest);
  }
}

/** Where the config.json this worker gave to page `clientId` came from. */
export function configSourceFor(clientId: string): ConfigSource {
  return sources.get(clientId) ?? { source: 'unknown' };
}

export function isConfigRequest(request: Request, url: URL): boolean {
  return (
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname === CONFIG_PATH &&
    // Never anything sent with a token (the app sends none here; a copy is never made of one).
    !request.headers.has('Authorization')
  );
}

/** The server's answer, and what was wrong with it unless it was good (it is then saved). */
type ServerAnswer =
  | { response: Response; problem?: undefined }
  | { response: Response | undefined; problem: ConfigProblem };

async function fromServer(request: Request): Promise<ServerAnswer> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    return { response: undefined, problem: { reason: 'network' } };
  }
  if (!response.ok) return { response, problem: { reason: 'http', status: response.status } };
  let text: string;
  try {
    text = await response.clone().text();
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { response, problem: { reason: 'invalid' } };
  } catch {
    return { response, problem: { reason: 'invalid' } };
  }
  // Only what the copy needs: the server's other headers (its encoding, length, dates) describe
  // the answer as it was sent, not the text kept here.
  const headers = new Headers({
    'Content-Type': response.headers.get('Content-Type') ?? 'application/json',
    'Cache-Control': 'no-cache',
    [SAVED_AT_HEADER]: new Date().toISOString(),
  });
  try {
    const cache = await caches.open(CACHE);
    await cache.put(CONFIG_PATH, new Response(text, { status: 200, headers }));
  } catch {
    // Storage full or refused: the page still gets the good answer, only no copy is kept.
  }
  return { response };
}

async function savedCopy(): Promise<Response | undefined> {
  try {
    const cache = await caches.open(CACHE);
    return await cache.match(CONFIG_PATH);
  } catch {
    return undefined;
  }
}

/** Answers the page's request for config.json (see above). */
export async function serveConfig(event: FetchEvent): Promise<Response> {
  const fresh = fromServer(event.request);
  // Whatever the page gets, a late good answer is still saved.
  event.waitUntil(
    fresh.then(
      () => undefined,
      () => undefined,
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), NETWORK_TIMEOUT_MS);
  });
  const first = await Promise.race([fresh, late]);
  clearTimeout(timer);
  if (first && !first.problem) {
    remember(event.clientId, { source: 'network' });
    return first.response;
  }
  const saved = await savedCopy();
  if (saved) {
    remember(event.clientId, {
      source: 'saved',
      savedAt: saved.headers.get(SAVED_AT_HEADER) ?? '',
      problem: first ? first.problem : { reason: 'timeout' },
    });
    return saved;
  }
  // Nothing to fall back on: the page meets the server's own answer, or its failure, and says so.
  const { response } = first ?? (await fresh);
  return response ?? Response.error();
}

/**
 * At install: the deployment's config.json as it is now, so that the next start, even without the
 * network, has a copy. A failure is not the install's: the next good answer is saved.
 */
export async function saveConfigCopy(): Promise<void> {
  await fromServer(new Request(CONFIG_PATH, { cache: 'no-cache' })).catch(() => undefined);
}
