import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { findCachedConversation } from '../../api/query-keys';
import { useConfig } from '../../lib/config-context';
import { useSession } from '../../lib/session-context';
import { statusLabel } from '../../lib/status';
import { formatExact } from '../../lib/time';
import { ErrorAlert } from '../../ui/error-alert';
import { MessageList } from './message-list';
import { messageListOptions } from './queries';

interface ConversationPaneProps {
  conversationId: number;
  closeHref: string;
}

export function ConversationPane({ conversationId, closeHref }: ConversationPaneProps) {
  const session = useSession();
  const { messagesPath, listTimeoutMs } = useConfig();
  const queryClient = useQueryClient();
  const headingId = useId();
  // Fields come from whichever list already loaded this conversation; a deep link may have none yet.
  const conversation = findCachedConversation(queryClient, conversationId);
  const messages = useInfiniteQuery(
    messageListOptions(session, messagesPath, conversationId, listTimeoutMs),
  );

  return (
    <aside className="detail-pane" aria-labelledby={headingId}>
      <header className="detail-header">
        <h2 id={headingId}>Conversation #{conversationId}</h2>
        <Link to={closeHref} className="button-quiet">
          Close
        </Link>
      </header>
      {conversation ? (
        <dl className="detail-fields">
          <dt>Status</dt>
          <dd>{statusLabel(conversation.status)}</dd>
          <dt>Contact</dt>
          <dd>{conversation.contactId}</dd>
          <dt>Inbox</dt>
          <dd>{conversation.inboxId}</dd>
          <dt>Created</dt>
          <dd>{formatExact(conversation.createdAt)}</dd>
          <dt>Updated</dt>
          <dd>{formatExact(conversation.updatedAt)}</dd>
        </dl>
      ) : null}
      {messages.isPending ? (
        <p role="status">Loading messages…</p>
      ) : messages.isError && !messages.data ? (
        <ErrorAlert
          title="Messages could not be loaded."
          error={messages.error}
          onRetry={() => void messages.refetch()}
        />
      ) : (
        <MessageList
          pages={messages.data.pages}
          hasNextPage={messages.hasNextPage}
          isFetchingNextPage={messages.isFetchingNextPage}
          nextPageError={messages.isFetchNextPageError ? messages.error : null}
          onLoadMore={() => void messages.fetchNextPage()}
        />
      )}
    </aside>
  );
}
