import { useEffect, useState } from 'react';
import { ROW_HEIGHT } from './row-content';

/** Start the next page this many rows before the end, so steady scrolling never waits. */
const PREFETCH_ROWS = 40;
/**
 * How far ahead of the view pages keep coming while the agent follows the end. Ten pages: enough
 * that pages never wait for a frame, a bounded cost for an agent who stops there.
 */
const FOLLOW_AHEAD_ROWS = 500;

interface Paging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Loads the next page while the agent is near the end of the loaded rows. An agent who scrolled
 * to the end follows it: each page is requested in the commit that shows the one before, not a
 * frame later when the view has moved to the new end, so paging runs at the network's pace
 * (up to FOLLOW_AHEAD_ROWS ahead). Scrolling away stops it. A page that failed waits for Retry
 * (the footer's), so a failing service is not asked again at once.
 */
export function usePageOnScroll(
  { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: Paging,
  /** The last row drawn (-1 for none), and the scroll position it was drawn for. */
  { lastIndex, scrollOffset }: { lastIndex: number; scrollOffset: number },
  rowCount: number,
): void {
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
  const wanted = nearEnd || (view.following && rowsAhead < FOLLOW_AHEAD_ROWS);

  useEffect(() => {
    if (wanted && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
    // rowCount: a page that left the agent wanting more asks for the next one.
  }, [wanted, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, rowCount]);
}
