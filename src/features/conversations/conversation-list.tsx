import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useHandOver } from '../../lib/hand-over';
import { useNow } from '../../lib/use-now';
import { ErrorAlert } from '../../ui/error-alert';
import { announce } from '../../ui/live-region';
import { ConversationRow } from './conversation-row';
import { ListFooter } from './list-footer';
import { ListSkeleton } from './list-skeleton';
import type { StatusCounts } from './markup';
import { ROW_HEIGHT } from './row-content';
import { timeoutHint } from './timeout-hint';
import { useConversationList } from './use-conversation-list';
import { useFreshNotifications } from './desktop-notifications';
import { useFreshConversations } from './use-fresh-conversations';
import { useListKeyboard } from './use-list-keyboard';
import type { Conversation } from '../../api/schemas';
import { statusTone, type StatusId } from '../../lib/status';

const APP_TITLE = 'Threadline';

/** Start the next page this many rows before the end, so steady scrolling never waits. */
const PREFETCH_ROWS = 40;
const NO_ROWS: Conversation[] = [];

interface ConversationListProps {
  statusIds: readonly StatusId[];
  /** The conversation open in the pane. */
  selectedId: number | undefined;
  /** Told the counts per status when the data shows them all (no extra request), else undefined. */
  onCounts?: ((counts: StatusCounts | undefined) => void) | undefined;
}

export function ConversationList({ statusIds, selectedId, onCounts }: ConversationListProps) {
  const { query: list, params, readAhead } = useConversationList(statusIds);
  const { search, pathname } = useLocation();
  const now = useNow();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const rows = list.data?.rows ?? NO_ROWS;
  const { fresh, merge } = useFreshConversations(params, rows, list.isSuccess);
  // Where the agent had scrolled the rows drawn before React started (src/boot/first-paint.ts).
  const handOver = useHandOver();
  const [startOffset] = useState(handOver.scrollTop);
  useLayoutEffect(() => {
    handOver.forgetScrollTop();
    if (startOffset > 0 && scrollerRef.current) scrollerRef.current.scrollTop = startOffset;
  }, [handOver, startOffset]);

  // Stable until the rows change: a new function would make the virtualizer recompute every
  // row's position (O(rows)) on each render, scroll events included.
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey,
    initialOffset: startOffset,
    // Few rows beyond the viewport: the DOM stays small however many are loaded.
    overscan: 3,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index ?? -1;

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const nearEnd = rows.length === 0 || lastVisible >= rows.length - PREFETCH_ROWS;
  // Fetching back to back is for an agent at the very end (the last row in view), not just near it.
  const atEnd = rows.length > 0 && (virtualizer.range?.endIndex ?? -1) >= rows.length - 1;
  useEffect(() => readAhead.setFollowing(atEnd), [readAhead, atEnd]);
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [nearEnd, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, rows.length]);

  const keyboardSelectedId = useListKeyboard({
    rows,
    openId: selectedId,
    list,
    virtualizer,
    scrollerRef,
  });

  // Screen readers hear what the list is doing through the app's live region.
  const loaded = list.isSuccess && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    if (isFetchingNextPage) announce('Loading more conversations…');
    else if (loaded) announce(`${rows.length} conversations loaded`);
  }, [isFetchingNextPage, loaded, rows.length]);
  // The count reaches the tab title too, so an agent in another tab sees news arrive.
  useEffect(() => {
    if (fresh.length > 0) announce(`${fresh.length} new or updated conversations`);
    document.title = fresh.length > 0 ? `(${fresh.length}) ${APP_TITLE}` : APP_TITLE;
    return () => {
      document.title = APP_TITLE;
    };
  }, [fresh.length]);
  useFreshNotifications(fresh.length);

  const complete = list.data?.paging.stop === 'end';
  const counts = useMemo(() => {
    if (!complete) return undefined;
    const result: StatusCounts = { open: 0, closed: 0, pending: 0 };
    for (const row of rows) {
      const tone = statusTone(row.status);
      if (tone !== 'other') result[tone] += 1;
    }
    return result;
  }, [complete, rows]);
  useEffect(() => onCounts?.(counts), [counts, onCounts]);

  // Keep the row the agent is looking at in place when fresh rows are merged above it.
  const anchor = useRef<{ id: number; offset: number } | null>(null);
  function showFresh() {
    const scroller = scrollerRef.current;
    const first = items.find((item) => item.end > (scroller?.scrollTop ?? 0));
    const row = first ? rows[first.index] : undefined;
    if (scroller && first && row) {
      anchor.current = { id: row.id, offset: first.start - scroller.scrollTop };
    }
    merge();
  }
  useLayoutEffect(() => {
    const target = anchor.current;
    const scroller = scrollerRef.current;
    if (!target || !scroller) return;
    anchor.current = null;
    const index = rows.findIndex((row) => row.id === target.id);
    if (index >= 0 && scroller.scrollTop > 0) {
      scroller.scrollTop = index * ROW_HEIGHT - target.offset;
    }
  }, [rows]);

  if (list.isPending) return <ListSkeleton />;
  if (list.isError && !list.data) {
    return (
      <ErrorAlert
        title="Conversations could not be loaded."
        error={list.error}
        hint={timeoutHint(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  }

  return (
    <div className="conversation-list">
      {fresh.length > 0 ? (
        <button type="button" className="fresh-banner" onClick={showFresh}>
          Show {fresh.length} new or updated
        </button>
      ) : null}
      {rows.length === 0 && complete ? (
        <div className="empty-state">
          <p className="empty-title">No conversations match these filters.</p>
          {statusIds.length > 0 ? (
            <p>
              Try other statuses, or <Link to={pathname}>show every conversation</Link>.
            </p>
          ) : null}
        </div>
      ) : null}
      <div
        ref={scrollerRef}
        className="conversation-scroller"
        data-testid="conversation-scroller"
        hidden={rows.length === 0 && complete}
      >
        <ul
          aria-label="Conversations"
          className="conversation-rows"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const conversation = rows[item.index];
            if (!conversation) return null;
            return (
              <li
                key={item.key}
                className="conversation-item"
                aria-setsize={list.hasNextPage ? -1 : rows.length}
                aria-posinset={item.index + 1}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <ConversationRow
                  conversation={conversation}
                  href={`/conversations/${conversation.id}${search}`}
                  current={conversation.id === selectedId}
                  selected={conversation.id === keyboardSelectedId}
                  now={now}
                />
              </li>
            );
          })}
        </ul>
        <ListFooter
          loadedCount={rows.length}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          nextPageError={list.isFetchNextPageError ? list.error : null}
          stop={list.data?.paging.stop}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </div>
    </div>
  );
}
