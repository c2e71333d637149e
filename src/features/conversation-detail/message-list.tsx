import { useMemo } from 'react';
import type { MessagePage } from '../../api/messages';
import { useSession } from '../../lib/session-context';
import { ErrorAlert } from '../../ui/error-alert';
import { ImageGallery } from './previews/image-gallery';
import { MessageItem } from './message-item';
import { previewableImages } from './previews/previewable';
import { useAutoLoad } from './use-auto-load';

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
  const { serviceUrl } = useSession();
  const messages = pages.flatMap((page) => page.messages);
  const images = useMemo(
    () =>
      previewableImages(
        pages.flatMap((page) => page.messages.flatMap((message) => message.attachments)),
        serviceUrl,
      ),
    [pages, serviceUrl],
  );
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !nextPageError;
  const sentinel = useAutoLoad<HTMLDivElement>(canAutoLoad, onLoadMore);

  if (messages.length === 0 && !hasNextPage) {
    return <p className="detail-empty">This conversation has no messages.</p>;
  }
  return (
    <ImageGallery images={images}>
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
    </ImageGallery>
  );
}
