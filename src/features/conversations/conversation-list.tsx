import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Conversation } from '../../api/schemas';
import type { StatusId } from '../../lib/status';
import { useNow } from '../../lib/use-now';
import { ErrorAlert } from '../../ui/error-alert';
import { useFreshNotifications } from './desktop-notifications';
import { narrowRows } from './find-query';
import { FindStatus } from './find-status';
import { ListFooter } from './list-footer';
import { ListSkeleton } from './list-skeleton';
import { ShortcutHelp, type ShortcutHelpHandle } from './shortcut-help';
import { timeoutHint } from './timeout-hint';
import { useBannerAnchor } from './use-banner-anchor';
import { useBatchedRows } from './use-batched-rows';
import { useConversationList } from './use-conversation-list';
import { useFirstPaintScrollTop } from './use-first-paint-hand-over';
import { useFreshConversations } from './use-fresh-conversations';
import type { FindParam } from './use-find-param';
import { useFreshTitle } from './use-fresh-title';
import { useKeepLooking } from './use-keep-looking';
import { useListAnnouncements } from './use-list-announcements';
import { useListKeyboard } from './use-list-keyboard';
import { usePageOnScroll } from './use-page-on-scroll';
import { useRowVirtualizer } from './use-row-virtualizer';
import { VirtualRows } from './virtual-rows';

const NO_ROWS: readonly Conversation[] = [];

interface ConversationListProps {
  statusIds: readonly StatusId[];
  /** The conversation open in the pane. */
  selectedId: number | undefined;
  /** The finder's query (the URL's `q`): the list shows the loaded rows it matches. */
  find: FindParam;
}

/** What the pane's "Find it in the list" puts in the history entry it opens. */
interface KeepLookingState {
  keepLooking?: boolean;
}

/** The filtered conversations: paged in as the agent scrolls, with news offered above them. */
export function ConversationList({ statusIds, selectedId, find }: ConversationListProps) {
  const { query: list, params } = useConversationList(statusIds);
  const location = useLocation();
  const { search, pathname } = location;
  const navigate = useNavigate();
  const now = useNow();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const loaded = list.data?.rows ?? NO_ROWS;
  const batched = useBatchedRows(loaded, list.isFetchingNextPage);
  const { terms, exactId } = find.query;
  const narrowing = terms.length > 0;
  // Per keystroke: one loop over the loaded rows, each row's fields computed once (find-query.ts).
  const rows = useMemo(() => narrowRows(batched, terms), [batched, terms]);

  const keepLooking = useKeepLooking(
    {
      ready: !!list.data,
      dataUpdatedAt: list.dataUpdatedAt,
      errorUpdatedAt: list.errorUpdatedAt,
      hasNextPage: list.hasNextPage,
      isFetchingNextPage: list.isFetchingNextPage,
      isFetchNextPageError: list.isFetchNextPageError,
      fetchNextPage: list.fetchNextPage,
    },
    exactId !== undefined && !!list.data?.byId.has(exactId),
  );
  // A new query is a new search: how the last one ended no longer applies.
  const [searchedText, setSearchedText] = useState(find.text);
  if (searchedText !== find.text) {
    setSearchedText(find.text);
    if (keepLooking.outcome) keepLooking.reset();
  }
  // The pane's "Find it in the list" opens `?q=%23{n}` with { keepLooking: true }: start once,
  // and drop that state from the entry, so a reload or a return to it does not start again.
  const wantsKeepLooking =
    !!(location.state as KeepLookingState | null)?.keepLooking && find.text !== '';
  const [consumedKey, setConsumedKey] = useState<string | null>(null);
  if (wantsKeepLooking && consumedKey !== location.key) {
    setConsumedKey(location.key);
    keepLooking.start();
  }
  useEffect(() => {
    if (wantsKeepLooking) void navigate(pathname + search, { replace: true, state: null });
  }, [wantsKeepLooking, navigate, pathname, search]);

  const startOffset = useFirstPaintScrollTop(scrollerRef);
  const virtualizer = useRowVirtualizer(rows, scrollerRef, startOffset);
  const items = virtualizer.getVirtualItems();
  usePageOnScroll(
    params,
    // A narrowed list pages on only when asked (Keep looking, Load more, j past its end): its
    // end is near whenever few rows match.
    narrowing ? { ...list, hasNextPage: false } : list,
    { lastIndex: items.at(-1)?.index ?? -1, scrollOffset: virtualizer.scrollOffset ?? 0 },
    loaded.length,
  );
  const helpRef = useRef<ShortcutHelpHandle>(null);
  const keyboardSelectedId = useListKeyboard({
    rows,
    openId: selectedId,
    list,
    virtualizer,
    scrollerRef,
    helpRef,
  });

  const { fresh, merge } = useFreshConversations(params, list.data?.byId, list.isSuccess);
  const keepPlace = useBannerAnchor(rows, scrollerRef, virtualizer);
  useListAnnouncements({
    isFetchingNextPage: list.isFetchingNextPage,
    loaded: list.isSuccess && !list.isFetchingNextPage && !list.isFetchNextPageError,
    rowCount: loaded.length,
    freshCount: fresh.length,
  });
  useFreshTitle(fresh.length);
  useFreshNotifications(fresh.length);

  const complete = list.data?.paging.stop === 'end';
  const empty = loaded.length === 0 && complete;
  let shown: ReactNode;
  if (list.isPending) shown = <ListSkeleton />;
  else if (list.isError && !list.data) {
    shown = (
      <ErrorAlert
        title="Conversations could not be loaded."
        error={list.error}
        hint={timeoutHint(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  } else {
    shown = (
      <div className="conversation-list">
        {fresh.length > 0 ? (
          <button
            type="button"
            className="fresh-banner"
            onClick={() => {
              keepPlace();
              merge();
            }}
          >
            Show {fresh.length} new or updated
          </button>
        ) : null}
        {find.text.trim() !== '' && !empty ? (
          <FindStatus
            text={find.text.trim()}
            matched={rows.length}
            loaded={batched.length}
            exactId={exactId}
            hasNextPage={list.hasNextPage}
            stop={list.data?.paging.stop}
            keepLooking={keepLooking}
          />
        ) : null}
        {empty ? (
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
          hidden={empty}
        >
          <VirtualRows
            rows={rows}
            items={items}
            totalSize={virtualizer.getTotalSize()}
            setSize={list.hasNextPage ? -1 : rows.length}
            search={search}
            openId={selectedId}
            selectedId={keyboardSelectedId}
            now={now}
          />
          <ListFooter
            loadedCount={loaded.length}
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
  return (
    <>
      {shown}
      {/* The keys work whatever the list shows (loading, failed), and so does their help. */}
      <ShortcutHelp ref={helpRef} />
    </>
  );
}
