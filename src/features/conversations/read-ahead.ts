import type { ConversationPage } from '../../api/schemas';

type FetchPage = (next: string, signal: AbortSignal) => Promise<ConversationPage>;

/** Pages fetched ahead of the list at most; bounds memory when rendering falls behind. */
const MAX_PAGES_AHEAD = 100;
/**
 * While following, the list is handed pages at most this often. Each hand-over
 * costs a render and a layout of a taller list; spending those every 12 ms page
 * would slow the chain itself, since responses wait for the main thread.
 */
export const HAND_OUT_EVERY_MS = 250;
/** Empty pages with a cursor followed ahead before the chain waits for the list. */
const MAX_EMPTY_AHEAD = 10;

/**
 * While the agent keeps the list at its end, pages are fetched back to back —
 * page N+1 is requested the moment page N arrives, not after React has
 * rendered it — and the list takes every page that has arrived in one go, so it
 * renders once per batch instead of once per page. Each cursor is requested at
 * most once: still exactly one request per page, and a cursor handed out before
 * is reported (see `wasHandedOut`) instead of being requested again.
 */
export class ReadAhead {
  private following = false;
  private fetchPage: FetchPage | undefined;
  private readonly requested: Set<string>;
  private readonly handedOut = new Set<string>();
  private readonly pending = new Map<string, Promise<ConversationPage>>();
  private readonly arrived = new Map<string, ConversationPage>();
  private readonly controller = new AbortController();
  private emptyRun = 0;
  private lastHandOut = -Infinity;
  private lastSeen: ConversationPage | undefined;

  /** `fetchedByList`: cursors the list is fetching itself, never to be asked for here. */
  constructor(fetchedByList: Iterable<string> = []) {
    this.requested = new Set(fetchedByList);
  }

  setFollowing(following: boolean): void {
    this.following = following;
    if (following && this.lastSeen) this.chain(this.lastSeen);
  }

  /** Called with every page the list receives; continues the chain from it. */
  after(page: ConversationPage, fetchPage: FetchPage): void {
    this.fetchPage = fetchPage;
    this.chain(page);
  }

  /** True when this cursor's page was already given to the list: asking again would loop. */
  wasHandedOut(next: string): boolean {
    return this.handedOut.has(next);
  }

  /**
   * The page for this cursor if it is on its way, merged with every later page
   * that has already arrived; undefined when nothing was fetched ahead. While
   * the chain is still fetching, pages are handed out at most every
   * HAND_OUT_EVERY_MS, so one render takes many pages.
   */
  take(next: string | undefined, signal: AbortSignal): Promise<ConversationPage> | undefined {
    if (next === undefined) return undefined;
    const request = this.pending.get(next);
    if (!request) {
      // The list fetches this one itself; the chain must not ask for it too.
      this.requested.add(next);
      return undefined;
    }
    return new Promise<ConversationPage>((resolve, reject) => {
      const abort = () =>
        reject(
          signal.reason instanceof Error
            ? signal.reason
            : new DOMException('Aborted', 'AbortError'),
        );
      if (signal.aborted) abort();
      signal.addEventListener('abort', abort, { once: true });
      request
        .then(
          async (page) => {
            const wait = this.lastHandOut + HAND_OUT_EVERY_MS - performance.now();
            if (wait > 0 && this.stillFetching()) {
              await new Promise((ready) => setTimeout(ready, wait));
            }
            if (signal.aborted) return;
            this.lastHandOut = performance.now();
            resolve(this.handOut(next, page));
          },
          (error: unknown) => {
            // Handed out as a failure once; a retry fetches it for real.
            this.pending.delete(next);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        )
        .finally(() => signal.removeEventListener('abort', abort));
    });
  }

  /** The list went away or changed filters: stop whatever is still loading. */
  dispose(): void {
    this.controller.abort();
    this.pending.clear();
    this.arrived.clear();
  }

  private handOut(first: string, page: ConversationPage): ConversationPage {
    this.release(first);
    const data = [...page.data];
    let last = page;
    for (let next = last.pagination?.next; next !== undefined; next = last.pagination?.next) {
      const following = this.arrived.get(next);
      if (!following) break;
      this.release(next);
      data.push(...following.data);
      last = following;
    }
    this.chain(last);
    return last === page ? page : { data, pagination: last.pagination };
  }

  /** A request beyond the pages that have arrived is in flight: more pages are coming. */
  private stillFetching(): boolean {
    return this.arrived.size < this.pending.size;
  }

  private release(cursor: string) {
    this.handedOut.add(cursor);
    this.pending.delete(cursor);
    this.arrived.delete(cursor);
  }

  private chain(page: ConversationPage): void {
    this.lastSeen = page;
    const next = page.pagination?.next;
    const fetchPage = this.fetchPage;
    if (!this.following || !fetchPage || next === undefined) return;
    if (this.requested.has(next) || this.handedOut.has(next)) return;
    if (this.pending.size >= MAX_PAGES_AHEAD) return;
    this.emptyRun = page.data.length === 0 ? this.emptyRun + 1 : 0;
    if (this.emptyRun > MAX_EMPTY_AHEAD) return;

    this.requested.add(next);
    const request = fetchPage(next, this.controller.signal);
    this.pending.set(next, request);
    request.then(
      (arrived) => {
        if (!this.pending.has(next)) return;
        this.arrived.set(next, arrived);
        this.chain(arrived);
      },
      () => {
        // The list meets the failure when it takes this page and retries it for real, under
        // the app's retry policy (Retry-After, backoff). The chain never asks for this cursor
        // again: asking at once, on the next scroll, would hammer a service that said "later".
      },
    );
  }
}
