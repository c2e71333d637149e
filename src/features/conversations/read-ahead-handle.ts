import type { ConversationPage } from '../../api/schemas';
import type { ReadAhead } from './read-ahead';

type FetchPage = (next: string, signal: AbortSignal) => Promise<ConversationPage>;

/**
 * The list's read-ahead (read-ahead.ts) in a chunk of its own, requested with the list's first
 * render instead of shipping with it: it only matters once the agent follows the end of the list.
 * Until it is here (a few milliseconds) the list fetches its pages itself, one at a time.
 */
export class ReadAheadHandle {
  private real: ReadAhead | undefined;
  private following = false;
  private disposed = false;
  private last: [ConversationPage, FetchPage] | undefined;
  /** Cursors the list fetched itself before the read-ahead was here: it must not ask again. */
  private readonly fetchedByList: string[] = [];

  constructor() {
    void import('./read-ahead').then(({ ReadAhead }) => {
      if (this.disposed) return;
      const real = new ReadAhead(this.fetchedByList);
      this.real = real;
      real.setFollowing(this.following);
      if (this.last) real.after(...this.last);
    });
  }

  setFollowing(following: boolean): void {
    this.following = following;
    this.real?.setFollowing(following);
  }

  after(page: ConversationPage, fetchPage: FetchPage): void {
    this.last = [page, fetchPage];
    this.real?.after(page, fetchPage);
  }

  wasHandedOut(next: string): boolean {
    return !!this.real?.wasHandedOut(next);
  }

  take(next: string | undefined, signal: AbortSignal): Promise<ConversationPage> | undefined {
    if (this.real) return this.real.take(next, signal);
    if (next !== undefined) this.fetchedByList.push(next);
    return undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.real?.dispose();
  }
}
