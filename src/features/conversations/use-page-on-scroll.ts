import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ConversationListParams } from '../../api/conversations';
import { conversationKeys } from '../../api/query-keys';
import type { ConversationPage } from '../../api/schemas';
import { pagingState } from './paging';
import { ROW_HEIGHT } from './row-content';

/** Start the next page this many rows before the end, so steady scrolling never waits. */
export const PREFETCH_ROWS = 40;
/**
 * How far ahead of the view pages keep coming while the agent follows the end: enough that pages
 * never wait for the list to be drawn, a bounded cost (20 pages) for an agent who stops there.
 */
const FOLLOW_AHEAD_ROWS = 1000;

interface Paging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => unknown;
}

/** Where the agent is: the last row drawn (-1 for none), and the scroll position it was drawn for. */
interface View {
  lastIndex: number;
  scrollOffset: number;
}

type ListData = InfiniteData<ConversationPage, string | undefined>;

/**
 * Loads the next page while the agent is near the end of the loaded rows. An agent who scrolled
 * to the end follows it: from then on each page is requested the moment the previous one lands
 * (a query cache event, before React draws it), so paging runs at the network's pace, up to
 * FOLLOW_AHEAD_ROWS ahead of the view, and the list draws whatever has landed by its next render.
 * Scrolling back up stops it. A page that failed waits for Retry (the footer's), so a failing
 * service is not asked again at once.
 */
export function usePageOnScroll(
  params: ConversationListParams,
  { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: Paging,
  { lastIndex, scrollOffset }: View,
  rowCount: number,
): void {
  const queryClient = useQueryClient();
  const rowsAhead = rowCount - 1 - lastIndex;
  const nearEnd = rowCount === 0 || rowsAhead < PREFETCH_ROWS;
  // Judged when the agent scrolls, not when a page lands (which always leaves the view behind):
  // reaching the end starts following it, scrolling back up more than a row stops. Smaller moves
  // are the browser keeping the view in place as the footer changes (scroll anchoring).
  const [view, setView] = useState({ scrollOffset, following: false });
  if (view.scrollOffset !== scrollOffset) {
    const following =
      (rowCount > 0 && nearEnd) ||
      (view.following && scrollOffset > view.scrollOffset - ROW_HEIGHT);
    setView({ scrollOffset, following });
  }

  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage({ cancelRefetch: false });
    }
    // rowCount: a page that leaves the agent near the end asks for the next one.
  }, [nearEnd, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, rowCount]);

  const followFrom = useRef<number | null>(null);
  useEffect(() => {
    // Without a next page to ask for (or while the list is narrowed, see ConversationList) no one
    // follows the end.
    followFrom.current = view.following && hasNextPage ? lastIndex : null;
  }, [view.following, lastIndex, hasNextPage]);
  useEffect(() => {
    const query = queryClient.getQueryCache().find<ListData>({
      queryKey: conversationKeys.list(params),
      exact: true,
    });
    if (!query) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query !== query || event.type !== 'updated' || event.action.type !== 'success') {
        return;
      }
      // After the query has finished handling this page, as the next request starts a new fetch.
      queueMicrotask(() => {
        const data = query.state.data;
        const from = followFrom.current;
        if (!data || from === null || query.state.fetchStatus !== 'idle') return;
        if (pagingState(data.pages, data.pageParams).next === undefined) return;
        const loaded = data.pages.reduce((sum, page) => sum + page.data.length, 0);
        if (loaded - 1 - from < FOLLOW_AHEAD_ROWS) void fetchNextPage({ cancelRefetch: false });
      });
    });
  }, [queryClient, params, fetchNextPage]);
}
