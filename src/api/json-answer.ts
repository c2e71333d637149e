/**
 * One JSON request to the service, made and read whole: the only place the app's JSON requests
 * meet `fetch`. The page runs it (http.ts), and so does the request worker for the page
 * (request-worker/), so both read answers the same way.
 */

/** A GET as getJson builds it: the URL on the service and its headers (the token among them). */
export interface JsonRequest {
  url: string;
  headers: Record<string, string>;
  /** Set for a page of a cursor list (request-worker/early-next-page.ts). */
  page?: ListPage | undefined;
}

/** A request for one page of a cursor list. */
export interface ListPage {
  /** The query parameter carrying the cursor (absent on the first page). */
  cursorParam: string;
  /**
   * The page after it will be asked for as soon as this one lands (the agent follows the list's
   * end): the request worker may start it early.
   */
  nextWanted: boolean;
}

/** What came back: enough for getJson to tell a page from the service's error or a broken answer. */
export interface JsonAnswer {
  status: number;
  ok: boolean;
  /** The Retry-After header as sent. */
  retryAfter: string | null;
  /** The body parsed as JSON; undefined when it was not JSON. */
  body: { json: unknown } | undefined;
}

/** Makes `request` and reads its answer whole, under `signal`; rejects when no answer came. */
export type JsonTransport = (request: JsonRequest, signal: AbortSignal) => Promise<JsonAnswer>;

export const readJsonAnswer: JsonTransport = async ({ url, headers }, signal) => {
  // no-store: conversations never rest in the browser's HTTP cache (on disk, after sign-out),
  // whatever caching headers the service sends; every answer is fetched anew anyway.
  // no-referrer: said here, not left to the page's meta tag, which a worker does not read.
  const response = await fetch(url, {
    headers,
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
    signal,
  });
  let body: JsonAnswer['body'];
  try {
    body = { json: await response.json() };
  } catch (error) {
    if (signal.aborted) throw error;
    body = undefined;
  }
  return {
    status: response.status,
    ok: response.ok,
    retryAfter: response.headers.get('Retry-After'),
    body,
  };
};
