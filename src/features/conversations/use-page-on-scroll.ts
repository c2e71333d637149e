import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ConversationListParams } from '../../api/conversations';
import { conversationKeys } from '../../api/query-keys';
import type { ConversationPage } from '../../api/schemas';
import { pagingState } from './paging';
import { ROW_HEIGHT } from './row-content';

/** Start the next page this many rows before the end, so steady scrolling never waits. */
export const PREFETCH_ROWS = 40;
/**
 * How far below the view the drawn rows may reach while pages keep coming for an agent following
 * the end: a bounded cost for an agent who stops there, whose view the batches then leave behind.
 * Rows count once drawn: over a slow network (batches every SHOW_EVERY_MS) that is about 20 pages;
 * from a service that pours rows in, up to FOLLOW_HELD_ROWS more land before the next batch.
 */
const FOLLOW_AHEAD_ROWS = 1000;
/**
 * How many landed rows may wait to be drawn (use-batched-rows.ts) while pages keep coming: more
 * than a fast service sends between two drawings (about 2,500 rows a second at CPU 4×), so pages
 * do not wait for the list to be drawn.
 */
const FOLLOW_HELD_ROWS = 4000;

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
 * to the end itself follows it: from then on each page is requested the moment the previous one
 * lands (a query cache event, before React draws it), so paging runs at the network's pace until
 * the drawn rows reach FOLLOW_AHEAD_ROWS below the view or FOLLOW_HELD_ROWS wait to be drawn, and
 * the list draws whatever has landed by its next batch (`chainingRef` is set meanwhile).
 * Scrolling back up stops it. A page that failed waits for Retry (the footer's), so a failing
 * service is not asked again at once.
 */
export function usePageOnScroll(
  params: ConversationListParams,
  { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: Paging,
  { lastIndex, scrollOffset }: View,
  rowCount: number,
  /** The rows drawn, the first of rowCount: landed pages are drawn in batches (use-batched-rows.ts). */
  drawnCount: number,
  /**
   * Set while this hook asks for each page as the previous one lands: the list is told of pages
   * only by its batches then (use-conversation-list.ts).
   */
  chainingRef: RefObject<boolean>,
): void {
  const queryClient = useQueryClient();
  const rowsAhead = rowCount - 1 - lastIndex;
  const nearEnd = rowCount === 0 || rowsAhead < PREFETCH_ROWS;
  // Judged when the agent scrolls, not when a page lands (which always leaves the view behind):
  // reaching the end itself (the last drawn row in view; rows landed since wait for a batch)
  // starts following it, scrolling back up more than a row stops. An agent reading the rows
  // before it gets the next page, not a chain of them (one scroll into the last 40 rows asked for
  // 82 pages). Smaller moves are the browser keeping the view in place as the footer changes
  // (scroll anchoring).
  const [view, setView] = useState({ scrollOffset, following: false });
  if (view.scrollOffset !== scrollOffset) {
    const following =
      (drawnCount > 0 && lastIndex >= drawnCount - 1) ||
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
  const drawn = useRef(drawnCount);
  useEffect(() => {
    // Without a next page to ask for (or while the list is narrowed, see ConversationList) no one
    // follows the end.
    followFrom.current = view.following && hasNextPage ? lastIndex : null;
    if (followFrom.current === null) chainingRef.current = false;
    // The rows drawn at the list's last render: it may not render between two pages.
    drawn.current = drawnCount;
  }, [view.following, lastIndex, hasNextPage, drawnCount, chainingRef]);
  useEffect(() => {
    const query = queryClient.getQueryCache().find<ListData>({
      queryKey: conversationKeys.list(params),
      exact: true,
    });
    if (!query) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query !== query || event.type !== 'updated') return;
      // A failed page breaks the chain (its Retry is told of as any request), and so do rows put
      // in by hand (the news banner's): the list draws them at once.
      // (Only a success, written by setQueryData, is `manual`.)
      if (event.action.type === 'error' || (event.action as { manual?: boolean }).manual) {
        chainingRef.current = false;
        setView((current) => ({ ...current }));
      }
      if (event.action.type !== 'success') return;
      // After the query has finished handling this page, as the next request starts a new fetch.
      queueMicrotask(() => {
        const data = query.state.data;
        const from = followFrom.current;
        if (!data || from === null || query.state.fetchStatus !== 'idle') return;
        if (pagingState(data.pages, data.pageParams).next === undefined) return;
        const loaded = data.pages.reduce((sum, page) => sum + page.data.length, 0);
        const below = drawn.current - 1 - from;
        // The list was told of the page that started the chain, and renders with this request
        // on its way: its batches draw what lands from here (use-batched-rows.ts).
        chainingRef.current =
          below < FOLLOW_AHEAD_ROWS && loaded - drawn.current < FOLLOW_HELD_ROWS;
        if (chainingRef.current) void fetchNextPage({ cancelRefetch: false });
        // Paging rests here: the list, told nothing of the last pages, renders now to draw them.
        else setView((current) => ({ ...current }));
      });
    });
  }, [queryClient, params, fetchNextPage, chainingRef]);
}
