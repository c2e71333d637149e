import type { ConversationPage } from '../../api/schemas';

type FetchPage = (next: string, signal: AbortSignal) => Promise<ConversationPage>;

/**
 * While the agent keeps the list at its end, the request for page N+1 starts
 * the moment page N arrives, instead of after React has rendered page N: the
 * network never waits for rendering. Each cursor is requested at most once, so
 * there is still exactly one request per page, and a cursor seen before is
 * never requested again (the list reports the loop instead).
 */
export class ReadAhead {
  private following = false;
  private readonly requested = new Set<string>();
  private readonly pending = new Map<string, Promise<ConversationPage>>();
  private readonly controller = new AbortController();

  setFollowing(following: boolean): void {
    this.following = following;
  }

  /** Starts fetching `next` if the agent is following the end and nobody asked for it yet. */
  after(page: ConversationPage, fetchPage: FetchPage): void {
    const next = page.pagination?.next;
    if (!this.following || next === undefined || this.requested.has(next)) return;
    this.requested.add(next);
    const request = fetchPage(next, this.controller.signal);
    // A failure surfaces when the page is taken; until then it must not be reported as unhandled.
    request.catch(() => undefined);
    this.pending.set(next, request);
  }

  /** The page already on its way for this cursor, if any; each is handed out once. */
  take(next: string | undefined, signal: AbortSignal): Promise<ConversationPage> | undefined {
    if (next === undefined) return undefined;
    this.requested.add(next);
    const request = this.pending.get(next);
    if (!request) return undefined;
    this.pending.delete(next);
    return new Promise((resolve, reject) => {
      const abort = () =>
        reject(
          signal.reason instanceof Error
            ? signal.reason
            : new DOMException('Aborted', 'AbortError'),
        );
      if (signal.aborted) abort();
      signal.addEventListener('abort', abort, { once: true });
      request.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  }

  /** The list went away or changed filters: stop whatever is still loading. */
  dispose(): void {
    this.controller.abort();
    this.pending.clear();
  }
}
