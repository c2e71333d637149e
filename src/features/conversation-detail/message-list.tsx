import type { MessagePage } from '../../api/messages';
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
  const messages = pages.flatMap((page) => page.messages);
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !nextPageError;
  const sentinel = useAutoLoad<HTMLDivElement>(canAutoLoad, onLoadMore);

  if (messages.length === 0 && !hasNextPage) {
    return <p className="detail-empty">This conversation has no messages.</p>;
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
      <ol className="messages" aria-label="Messages">
        {messages.map((message) => (
          <MessageItem key={message.key} message={message} conversationId={conversationId} />
        ))}
      </ol>
      <div ref={sentinel} className="messages-footer">
        {nextPageError && !isFetchingNextPage ? (
          <ErrorAlert
            title="More messages could not be loaded."
            error={nextPageError}
            onRetry={onLoadMore}
          />
        ) : isFetchingNextPage ? (
          <p role="status">Loading more messages…</p>
        ) : hasNextPage ? (
          <button type="button" onClick={onLoadMore}>
            Load more messages
          </button>
        ) : messages.length > 0 ? (
          <p className="detail-end">
            {messages.length === 1 ? '1 message' : `All ${messages.length} messages`} shown.
          </p>
        ) : null}
      </div>
    </AttachmentViewerProvider>
  );
}
