import type { MessagePage } from '../../api/messages';
import { formatExact, toIsoString } from '../../lib/time';
import { ErrorAlert } from '../../ui/error-alert';

interface MessageListProps {
  pages: MessagePage[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageError: Error | null;
  onLoadMore: () => void;
}

export function MessageList({
  pages,
  hasNextPage,
  isFetchingNextPage,
  nextPageError,
  onLoadMore,
}: MessageListProps) {
  const messages = pages.flatMap((page) => page.messages);
  if (messages.length === 0) return <p>This conversation has no messages.</p>;
  return (
    <>
      <ol className="messages" aria-label="Messages">
        {messages.map((message) => (
          <li key={message.key} className="message">
            <p className="message-meta">
              {message.author ? <span className="message-author">{message.author}</span> : null}
              {message.timestamp ? (
                <time dateTime={toIsoString(message.timestamp)}>{formatExact(message.timestamp)}</time>
              ) : null}
            </p>
            {message.text ? <p className="message-text">{message.text}</p> : null}
            {message.attachments.length > 0 ? (
              <ul className="attachments" aria-label="Attachments">
                {message.attachments.map((attachment, index) => (
                  <li key={`${attachment.url}-${index}`}>
                    {attachment.fileName} · {attachment.mimeType}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      {nextPageError && !isFetchingNextPage ? (
        <ErrorAlert title="More messages could not be loaded." error={nextPageError} onRetry={onLoadMore} />
      ) : hasNextPage ? (
        <button type="button" onClick={onLoadMore} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading messages…' : 'Load more messages'}
        </button>
      ) : null}
    </>
  );
}
