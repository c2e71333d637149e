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

/** How many lists' cursors are kept (the list, the status counts' lists, a filter or two). */
const LISTS_KEPT = 8;

/** A page started early and taken by the request that asked for it. */
export interface TakenPage {
  controller: AbortController;
  answer: Promise<JsonAnswer>;
}

/**
 * The cursor of the page after `answer` as the interface defines it (`pagination.more` with its
 * `next`), when the page will ask for it: a cursor its validation takes, after a page with rows
 * (empty pages in a row stop the page's paging after a while: paging.ts).
 */
function nextCursor(answer: JsonAnswer): string | undefined {
  const json = answer.ok ? (answer.body?.json as { data?: unknown; pagination?: unknown }) : null;
  if (typeof json !== 'object' || json === null) return undefined;
  if (!Array.isArray(json.data) || json.data.length === 0) return undefined;
  const { more, next } = (json.pagination ?? {}) as { more?: unknown; next?: unknown };
  return more === true && isCursor(next) ? next : undefined;
}

/** A request's URL without its cursor, its parameters in order, and the cursor. */
function listOf(request: JsonRequest, param: string): { list: string; cursor: string | null } {
  const url = new URL(request.url);
  const cursor = url.searchParams.get(param);
  url.searchParams.delete(param);
  url.searchParams.sort();
  return { list: url.href, cursor };
}

/** The same GET: the same URL (its parameters in any order) with the same headers (the token). */
function sameRequest(a: JsonRequest, b: JsonRequest): boolean {
  const param = a.page?.cursorParam ?? '';
  const [first, second] = [listOf(a, param), listOf(b, param)];
  const headers = (request: JsonRequest) => JSON.stringify(Object.entries(request.headers).sort());
  return first.list === second.list && first.cursor === second.cursor && headers(a) === headers(b);
}

/** One page at most, started early and kept until asked for or EARLY_PAGE_KEPT_MS pass. */
export function createEarlyPages() {
  let early: EarlyPage | undefined;

  // Each list's cursors asked for since its first page (lists by URL without the cursor, the
  // latest LISTS_KEPT): a cursor the service sends again stops the page's paging (paging.ts), so
  // it starts nothing here either.
  const asked = new Map<string, Set<string>>();

  const giveUp = () => {
    if (!early) return;
    clearTimeout(early.expiry);
    early.controller.abort();
    early = undefined;
  };

  const start = (request: JsonRequest) => {
    giveUp();
    const controller = new AbortController();
    const answer = readJsonAnswer(request, controller.signal);
    // No answer at all (the connection dropped): the page's own request, when it comes, is made
    // anew rather than failing at once with what happened before it asked.
    answer.catch(() => {
      if (early?.answer === answer) giveUp();
    });
    early = { request, controller, answer, expiry: setTimeout(giveUp, EARLY_PAGE_KEPT_MS) };
  };

  return {
    /**
     * `request` has been answered: notes its cursor, and when it wants its next page and the page
     * will ask for it, starts that page now (to an origin `mayConnect` allows), in place of any
     * started before.
     */
    follow(request: JsonRequest, answer: JsonAnswer, mayConnect: (url: string) => boolean): void {
      const { page } = request;
      if (!page) return;
      const { list, cursor } = listOf(request, page.cursorParam);
      // A first page starts the list's walk afresh (a reload, another filter and back).
      const cursors = (cursor !== null && asked.get(list)) || new Set<string>();
      asked.delete(list);
      asked.set(list, cursors);
      if (asked.size > LISTS_KEPT) asked.delete(asked.keys().next().value!);
      if (cursor !== null) cursors.add(cursor);
      const next = page.nextWanted ? nextCursor(answer) : undefined;
      if (next === undefined || cursors.has(next)) return;
      const url = new URL(request.url);
      url.searchParams.set(page.cursorParam, next);
      if (mayConnect(url.href)) start({ ...request, url: url.href });
    },
    /** The session ended: gives up the page started early, if any, and the lists' cursors. */
    forget(): void {
      giveUp();
      asked.clear();
    },
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
