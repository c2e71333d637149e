import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { MessagePage } from '../../api/messages';
import { useTranslation } from '../../i18n/use-translation';
import { ErrorAlert } from '../../ui/error-alert';
import { MessageItem } from './message-item';
import { useAutoLoad } from './use-auto-load';
import { AttachmentViewerProvider } from './viewer/viewer-context';

interface MessageListProps {
  pages: MessagePage[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageError: Error | null;
  onLoadMore: () => void;
  conversationId: number;
}

/** Messages in the service's order, paged like the list: Load more, or scroll to the end. */
export function MessageList({
  pages,
  hasNextPage,
  isFetchingNextPage,
  nextPageError,
  onLoadMore,
  conversationId,
}: MessageListProps) {
  const { t } = useTranslation();
  const messages = pages.flatMap((page) => page.messages);
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !nextPageError;
  const footerRef = useAutoLoad<HTMLDivElement>(canAutoLoad, onLoadMore);
  const listRef = useRef<HTMLOListElement>(null);
  const loadRequested = useFocusThroughLoadMore(messages.length, listRef, footerRef);

  if (messages.length === 0 && !hasNextPage) {
    return <p className="detail-empty">{t('pane.noMessages')}</p>;
  }
  return (
    <AttachmentViewerProvider
      conversationId={conversationId}
      pages={pages}
      hasNextPage={hasNextPage}
      isFetchingNextPage={isFetchingNextPage}
      nextPageError={nextPageError}
      onLoadMore={onLoadMore}
    >
      <ol ref={listRef} className="messages" aria-label={t('pane.messages')}>
        {messages.map((message) => (
          <MessageItem key={message.key} message={message} conversationId={conversationId} />
        ))}
      </ol>
      <div ref={footerRef} className="messages-footer" tabIndex={-1}>
        {nextPageError && !isFetchingNextPage ? (
          <ErrorAlert
            title={t('pane.moreMessagesFailed')}
            error={nextPageError}
            onRetry={onLoadMore}
          />
        ) : isFetchingNextPage ? (
          <p role="status">{t('pane.loadingMoreMessages')}</p>
        ) : hasNextPage ? (
          <button
            type="button"
            onClick={() => {
              loadRequested();
              onLoadMore();
            }}
          >
            {t('pane.loadMoreMessages')}
          </button>
        ) : messages.length > 0 ? (
          <p className="detail-end">{t('pane.allMessagesShown', { count: messages.length })}</p>
        ) : null}
      </div>
    </AttachmentViewerProvider>
  );
}

/**
 * Load more replaces itself (with "Loading…", then the messages): focus, which was on it, would
 * fall to the page. It waits on the footer while the page loads, then goes to the first message
 * the page brought, so the agent reads on from there.
 */
function useFocusThroughLoadMore(
  count: number,
  listRef: RefObject<HTMLOListElement | null>,
  footerRef: RefObject<HTMLDivElement | null>,
) {
  const waitingFrom = useRef<number | null>(null);
  useLayoutEffect(() => {
    const from = waitingFrom.current;
    if (from === null) return;
    const footer = footerRef.current;
    const lost = !document.activeElement || document.activeElement === document.body;
    const first = count > from ? listRef.current?.children[from] : undefined;
    if (first instanceof HTMLElement) {
      waitingFrom.current = null;
      if (!lost && !footer?.contains(document.activeElement)) return;
      // Not in the tab order; -1 lets it take focus.
      first.setAttribute('tabindex', '-1');
      first.focus();
    } else if (lost) footer?.focus();
  });
  return () => {
    if (footerRef.current?.contains(document.activeElement)) waitingFrom.current = count;
  };
}
