import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useNow } from '../../lib/use-now';
import { ErrorAlert } from '../../ui/error-alert';
import { ConversationRow } from './conversation-row';
import { ListFooter } from './list-footer';
import { ListSkeleton } from './list-skeleton';
import { timeoutHint } from './timeout-hint';
import { useConversationList } from './use-conversation-list';
import { useFreshConversations } from './use-fresh-conversations';
import type { Conversation } from '../../api/schemas';
import type { StatusId } from '../../lib/status';

/** Fixed row height: the virtualizer never measures, so scrolling stays cheap. */
export const ROW_HEIGHT = 64;
/** Start the next page this many rows before the end, so steady scrolling never waits. */
const PREFETCH_ROWS = 40;
const NO_ROWS: Conversation[] = [];

interface ConversationListProps {
  statusIds: readonly StatusId[];
  selectedId: number | undefined;
}

export function ConversationList({ statusIds, selectedId }: ConversationListProps) {
  const { query: list, params, readAhead } = useConversationList(statusIds);
  const { search } = useLocation();
  const now = useNow();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const rows = list.data?.rows ?? NO_ROWS;
  const { fresh, merge } = useFreshConversations(params, rows, list.isSuccess);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index ?? -1;

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const nearEnd = rows.length === 0 || lastVisible >= rows.length - PREFETCH_ROWS;
  useEffect(() => readAhead.setFollowing(nearEnd), [readAhead, nearEnd]);
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [nearEnd, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, rows.length]);

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
      <div ref={scrollerRef} className="conversation-scroller" data-testid="conversation-scroller">
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
                  selected={conversation.id === selectedId}
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
