/**
 * The freshness check's query (use-fresh-conversations.ts): the top of the list, read without
 * refetching what the agent has loaded. It comes with the freshness code, after the list.
 */
import { queryOptions, type InfiniteData } from '@tanstack/react-query';
import { fetchConversationPage, type ConversationListParams } from '../../api/conversations';
import type { ServiceSession } from '../../api/http';
import { conversationKeys } from '../../api/query-keys';
import type { Conversation, ConversationPage } from '../../api/schemas';
import type { MessageId } from '../../i18n/translate';
import { loadedUpdatedAt } from './paging';

/**
 * How far a freshness check follows the list past its first page while all it finds is news to
 * the agent (a busy inbox, a tab hidden for long): 20 pages, 1,000 conversations.
 */
export const MAX_CHECKED_PAGES = 20;

/** The top of the list as a freshness check read it. */
export interface ListHead {
  /** Newest-updated first, each id once, down to the rows the agent has loaded as they are. */
  data: Conversation[];
  /**
   * Set when the check stopped at MAX_CHECKED_PAGES without reaching those rows: the cursor after
   * the last page read. What lies between is unknown.
   */
  cutAt?: string;
}

/**
 * Reads the top of the list: the first page, and the pages after it for as long as none of a
 * page's conversations is one the agent has loaded as it is. A first page alone would hide every
 * change beyond its 50 rows for good: the next check finds the first 50 loaded and stops there.
 */
export async function readListHead(
  fetchPage: (next: string | undefined) => Promise<ConversationPage>,
  /** Each loaded conversation's updatedAt (asked for once the first page is in). */
  loadedUpdatedAt: () => ReadonlyMap<number, number>,
): Promise<ListHead> {
  const ids = new Set<number>();
  const data: Conversation[] = [];
  const cursors = new Set<string>();
  let page = await fetchPage(undefined);
  let loaded: ReadonlyMap<number, number> | undefined;
  for (let read = 1; ; read += 1) {
    loaded ??= loadedUpdatedAt();
    const known = loaded;
    const seam = page.data.findIndex((item) => (known.get(item.id) ?? -Infinity) >= item.updatedAt);
    // The first page stays whole, as the list's own first page; later ones end at the seam.
    for (const item of read > 1 && seam !== -1 ? page.data.slice(0, seam) : page.data) {
      // Rows that moved up while the check paged come twice: the first copy is the newer.
      if (!ids.has(item.id)) {
        ids.add(item.id);
        data.push(item);
      }
    }
    const next = page.pagination?.next;
    if (seam !== -1 || next === undefined || cursors.has(next)) return { data };
    if (read === MAX_CHECKED_PAGES) return { data, cutAt: next };
    cursors.add(next);
    page = await fetchPage(next);
  }
}

/**
 * The top of the list (the first page, and more while all of it is news: `readListHead` above),
 * polled to find new or updated conversations without refetching what the agent has loaded.
 */
export function conversationHeadOptions(
  session: ServiceSession,
  params: ConversationListParams,
  timeoutMs: number,
) {
  return queryOptions({
    queryKey: conversationKeys.head(params),
    queryFn: ({ signal, client }) =>
      readListHead(
        (next) => fetchConversationPage(session, params, next, { signal, timeoutMs }),
        () =>
          loadedUpdatedAt(
            client.getQueryData<InfiniteData<ConversationPage>>(conversationKeys.list(params))
              ?.pages ?? [],
          ),
      ),
    meta: { backgroundErrorMessage: 'fresh.checkFailed' satisfies MessageId },
  });
}
