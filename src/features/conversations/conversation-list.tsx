import { memo, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink } from '../../ui/app-link';
import type { Conversation } from '../../api/schemas';
import { useClockSettings } from '../../i18n/use-clock-settings';
import { useTranslation } from '../../i18n/use-translation';
import { useIsNewToYou } from '../../lib/new-to-you';
import { useSession } from '../../lib/session-context';
import type { StatusId } from '../../lib/status';
import { STATUS_PARAM } from '../../lib/status-params';
import { useNow } from '../../lib/use-now';
import { ErrorAlert } from '../../ui/error-alert';
import { useFinderCode, type LoadFinderCode } from './finder-code';
import { useFreshNewsCode, type LoadFreshNews } from './freshness-code';
import { ListFooter } from './list-footer';
import { ListSkeleton } from './list-skeleton';
import { rowHeight } from './row-content';
import { ShortcutHelp, type LoadShortcutHelp, type ShortcutHelpHandle } from './shortcut-help';
import { timeoutHint } from './timeout-hint';
import { useBatchedRows } from './use-batched-rows';
import { useConversationList } from './use-conversation-list';
import { useFirstPaintScrollTop } from './use-first-paint-hand-over';
import { useFindText, type FindParam } from './use-find-param';
import { useListAnnouncements } from './use-list-announcements';
import { useListKeyboard } from './use-list-keyboard';
import { useListPlace } from './use-list-place';
import { PREFETCH_ROWS, usePageOnScroll } from './use-page-on-scroll';
import { useRowVirtualizer } from './use-row-virtualizer';
import { VirtualRows } from './virtual-rows';

const NO_ROWS: readonly Conversation[] = [];

/** The same address with every status: the finder's query and Unread only stay. */
function withoutStatuses(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(STATUS_PARAM);
  return params.toString();
}

interface NarrowedListProps {
  statusIds: readonly StatusId[];
  /** The conversation open in the pane. */
  selectedId: number | undefined;
  /** Compact rows (row-density.ts). */
  compact: boolean;
  /** The finder's query (the URL's `q`): the list shows the loaded rows it matches. */
  findText: string;
  /** Unread only (the URL's `unread=1`). */
  unread: boolean;
  /** The finder's code (the parser, the narrowing, Keep looking), fetched on demand. */
  loadFinder: LoadFinderCode;
  /** The "Keyboard shortcuts" dialog, fetched on demand. */
  loadShortcutHelp: LoadShortcutHelp;
  /** The list's freshness (checks for news, the banner, the title), fetched when it is idle. */
  loadFreshNews: LoadFreshNews;
}

type ConversationListProps = Omit<NarrowedListProps, 'findText' | 'unread'> & {
  /** The finder's query and Unread only (use-find-param.ts). */
  find: FindParam;
};

/**
 * The filtered conversations: paged in as the agent scrolls, with news offered above them,
 * narrowed to what the finder asks for.
 */
export function ConversationList({ find, ...props }: ConversationListProps) {
  // Narrowed in the keystroke's own render, so the frame that shows the key shows the rows it
  // matches: rendered a frame later (a deferred value), the narrowed list reached the screen
  // about 10 ms later with the CPU 4× slower, for no faster key (docs/finding.md).
  const text = useFindText(find);
  return <NarrowedConversationList {...props} findText={text} unread={find.unread} />;
}

// Memoised: what re-renders the inbox around it (the URL catching up with the query) stops here.
const NarrowedConversationList = memo(function NarrowedConversationList({
  statusIds,
  selectedId,
  compact,
  findText,
  unread,
  loadFinder,
  loadShortcutHelp,
  loadFreshNews,
}: NarrowedListProps) {
  const { t, language } = useTranslation();
  // The finder's days are on the agent's clock (find-query.ts).
  const { timeZone } = useClockSettings();
  // Set while pages are asked for back to back (use-page-on-scroll.ts).
  const chainingRef = useRef(false);
  const { query: list, params, landed } = useConversationList(statusIds, chainingRef);
  const { search, pathname } = useLocation();
  const { serviceUrl } = useSession();
  const now = useNow();
  const isNew = useIsNewToYou();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const loaded = list.data?.rows ?? NO_ROWS;
  const batched = useBatchedRows(loaded, list.isFetchingNextPage, landed);
  // The finder's code comes on demand (finder-code.ts); until it is here the list is not narrowed.
  const typed = findText.trim() !== '';
  const { finder } = useFinderCode(typed || unread, findText, loadFinder);
  // Unread only keeps the open conversation, which opening has just marked as seen.
  const keep = useMemo(
    () => (unread ? (row: Conversation) => isNew(row) || row.id === selectedId : undefined),
    [unread, isNew, selectedId],
  );
  // The moment "today" and "yesterday" are read from: the list's start, moved on once the day a
  // query read them for is over (`now` ticks), so a query kept in the box past midnight follows
  // the date. Read again in another language (its words) or on another time zone (its days).
  const [readAt, setReadAt] = useState(now);
  const query = useMemo(
    () =>
      (typed || unread) && language
        ? finder?.parseFindQuery(findText, readAt, timeZone)
        : undefined,
    [finder, typed, unread, findText, language, timeZone, readAt],
  );
  if (query?.until !== undefined && now >= query.until) setReadAt(now);
  // Narrowing is what the agent asked for (words typed, Unread only), even before the finder's
  // code is in: paging on and restoring a place must not act on the whole list meanwhile. A query
  // of words it did not understand alone narrows nothing.
  const narrowing = query ? query.terms.length > 0 || unread : typed || unread;
  /** Pages the list may page on to by itself: none while narrowed. */
  const moreToCome = list.hasNextPage && !narrowing;
  // Per keystroke: at most one loop over the loaded rows, each row's fields computed once, and
  // a query that only narrows the last one read from the last answer (find-query.ts).
  const narrow = useMemo(() => finder?.createRowNarrower(), [finder]);
  const rows = useMemo(
    () => (narrow && query ? narrow(batched, query.terms, keep) : batched),
    [narrow, query, batched, keep],
  );

  const height = rowHeight(compact);
  const filterKey = statusIds.join(',');
  const firstPaintOffset = useFirstPaintScrollTop(scrollerRef);
  const virtualizer = useRowVirtualizer(rows, scrollerRef, firstPaintOffset, height, moreToCome);
  const items = virtualizer.getVirtualItems();
  usePageOnScroll(
    params,
    // A narrowed list pages on only when asked (Keep looking, Load more, j past its end): its
    // end is near whenever few rows match.
    narrowing ? { ...list, hasNextPage: false } : list,
    { lastIndex: items.at(-1)?.index ?? -1, scrollOffset: virtualizer.scrollOffset ?? 0 },
    loaded.length,
    batched.length,
    chainingRef,
  );
  const helpRef = useRef<ShortcutHelpHandle>(null);
  const {
    selectedId: keyboardSelectedId,
    keptSelectionId,
    restoreSelection,
  } = useListKeyboard({
    rows,
    openId: selectedId,
    list,
    virtualizer,
    scrollerRef,
    helpRef,
  });
  useListPlace(
    scrollerRef,
    {
      ...list,
      // A narrowed list does not page on to find a remembered row that may not match.
      hasNextPage: moreToCome,
      rows,
      rowHeight: height,
      prefetchRows: PREFETCH_ROWS,
      selectedId: keptSelectionId,
    },
    { serviceUrl, filterKey, selectionOnly: firstPaintOffset > 0, restoreSelection },
  );

  const freshness = useFreshNewsCode(loadFreshNews);
  useListAnnouncements({
    isFetchingNextPage: list.isFetchingNextPage,
    loaded: list.isSuccess && !list.isFetchingNextPage && !list.isFetchNextPageError,
    rowCount: loaded.length,
  });

  const complete = list.data?.paging.stop === 'end';
  const empty = loaded.length === 0 && complete;
  let shown: ReactNode;
  if (list.isPending) shown = <ListSkeleton />;
  else if (list.isError && !list.data) {
    shown = (
      <ErrorAlert
        title={t('list.loadFailed')}
        error={list.error}
        hint={timeoutHint(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  } else {
    shown = (
      <div className={compact ? 'conversation-list rows-compact' : 'conversation-list'}>
        {/* The banner, when there is news; nothing until its code is here (freshness-code.ts). */}
        {freshness ? (
          <freshness.FreshNews
            params={params}
            loaded={list.data?.byId}
            enabled={list.isSuccess}
            rows={rows}
            scrollerRef={scrollerRef}
            virtualizer={virtualizer}
            rowHeight={height}
          />
        ) : null}
        {finder && query && narrowing && !empty ? (
          <finder.FindStatus
            text={findText.trim()}
            unread={unread}
            matched={rows.length}
            loaded={batched.length}
            exactId={query.exactId}
            list={list}
            scrollerRef={scrollerRef}
          />
        ) : null}
        {empty ? (
          <div className="empty-state">
            <p className="empty-title">{t('list.empty')}</p>
            {statusIds.length > 0 ? (
              // The link sits inside the sentence: the words around it are messages of their own
              // (the space before it is in the message: Japanese has none).
              <p>
                {t('list.emptyBefore')}
                <AppLink to={{ pathname, search: withoutStatuses(search) }}>
                  {t('list.showAll')}
                </AppLink>
                {t('list.emptyAfter')}
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
            isNew={isNew}
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
      <ShortcutHelp ref={helpRef} loadDialog={loadShortcutHelp} />
    </>
  );
});
