/**
 * The page after a list page, started by the request worker as soon as the page it follows has
 * arrived, for an agent following the list's end (README.md here). The page still asks for every
 * page (React Query's infinite query, one request per cursor); an asked page that was started early
 * is only answered sooner: its request went out while the page's main thread was still busy with
 * the one before it.
 */
import { isCursor } from '../cursor';
import { readJsonAnswer, type JsonAnswer, type JsonRequest } from '../json-answer';

/**
 * How long a page started early waits to be asked for before it is given up (aborted and
 * forgotten). An agent following the end asks within milliseconds of the page before it arriving;
 * a longer wait means paging rested (the agent scrolled back up, or has enough rows below the
 * view), and the page is asked for anew when it goes on.
 */
export const EARLY_PAGE_KEPT_MS = 3000;

interface EarlyPage {
  request: JsonRequest;
  controller: AbortController;
  answer: Promise<JsonAnswer>;
  expiry: ReturnType<typeof setTimeout>;
}

/** A page started early and taken by the request that asked for it. */
export interface TakenPage {
  controller: AbortController;
  answer: Promise<JsonAnswer>;
}

/**
 * The page after `answer` as the interface defines it: `pagination.more` with its `next` (a cursor
 * the page's validation would take), sent as the query parameter `param` with every other
 * parameter kept.
 */
export function nextPageRequest(request: JsonRequest, answer: JsonAnswer): JsonRequest | undefined {
  const param = request.nextPageParam;
  if (param === undefined || !answer.ok || !answer.body) return undefined;
  const { json } = answer.body;
  const pagination =
    typeof json === 'object' && json !== null && 'pagination' in json ? json.pagination : undefined;
  if (typeof pagination !== 'object' || pagination === null) return undefined;
  const { more, next } = pagination as { more?: unknown; next?: unknown };
  if (more !== true || !isCursor(next)) return undefined;
  const url = new URL(request.url);
  url.searchParams.set(param, next);
  return { ...request, url: url.href };
}

/** The same GET: the same URL (its parameters in any order) with the same headers (the token). */
function sameRequest(a: JsonRequest, b: JsonRequest): boolean {
  const sorted = (href: string) => {
    const url = new URL(href);
    url.searchParams.sort();
    return url.href;
  };
  const headers = (request: JsonRequest) => JSON.stringify(Object.entries(request.headers).sort());
  return sorted(a.url) === sorted(b.url) && headers(a) === headers(b);
}

/** One page at most, started early and kept until asked for or EARLY_PAGE_KEPT_MS pass. */
export function createEarlyPages() {
  let early: EarlyPage | undefined;

  const forget = () => {
    if (!early) return;
    clearTimeout(early.expiry);
    early.controller.abort();
    early = undefined;
  };

  return {
    /** Starts `request` now, in place of any page started before it. */
    start(request: JsonRequest): void {
      forget();
      const controller = new AbortController();
      const answer = readJsonAnswer(request, controller.signal);
      // No answer at all (the connection dropped): the page's own request, when it comes, is made
      // anew rather than failing at once with what happened before it asked.
      answer.catch(() => {
        if (early?.answer === answer) forget();
      });
      early = { request, controller, answer, expiry: setTimeout(forget, EARLY_PAGE_KEPT_MS) };
    },
    /** Gives up the page started early, if any (the session ended). */
    forget,
    /** The page started early for `request`, if that is the one. */
    take(request: JsonRequest): TakenPage | undefined {
      if (!early || !sameRequest(early.request, request)) return undefined;
      const { controller, answer, expiry } = early;
      clearTimeout(expiry);
      early = undefined;
      return { controller, answer };
    },
  };
}
