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
  const sentinel = useAutoLoad<HTMLDivElement>(canAutoLoad, onLoadMore);

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
      <ol className="messages" aria-label={t('pane.messages')}>
        {messages.map((message) => (
          <MessageItem key={message.key} message={message} conversationId={conversationId} />
        ))}
      </ol>
      <div ref={sentinel} className="messages-footer">
        {nextPageError && !isFetchingNextPage ? (
          <ErrorAlert
            title={t('pane.moreMessagesFailed')}
            error={nextPageError}
            onRetry={onLoadMore}
          />
        ) : isFetchingNextPage ? (
          <p role="status">{t('pane.loadingMoreMessages')}</p>
        ) : hasNextPage ? (
          <button type="button" onClick={onLoadMore}>
            {t('pane.loadMoreMessages')}
          </button>
        ) : messages.length > 0 ? (
          <p className="detail-end">{t('pane.allMessagesShown', { count: messages.length })}</p>
        ) : null}
      </div>
    </AttachmentViewerProvider>
  );
}
