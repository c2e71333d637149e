import { Link, useLocation } from 'react-router-dom';
import type { Conversation } from '../../api/schemas';
import { statusLabel } from '../../lib/status';
import { formatExact } from '../../i18n/format';
import { toIsoString } from '../../lib/time';
import { findInListTarget } from './conversation-links';

/**
 * The interface's fields of a conversation, as the list loaded them. The interface has no
 * single-conversation read, so until the list brings this one they are not loaded, and "Find it
 * in the list" asks the list to page on (with the same filters) until it is there.
 */
export function ConversationFields({
  conversationId,
  conversation,
}: {
  conversationId: number;
  conversation: Conversation | undefined;
}) {
  const { search } = useLocation();
  if (!conversation) {
    const target = findInListTarget(conversationId, search);
    return (
      <div className="detail-hint">
        <p>
          Status, contact and inbox are not loaded: the list has not brought this conversation yet.
          They appear here once it does.
        </p>
        <p>
          <Link to={target.to} state={target.state}>
            Find it in the list
          </Link>
        </p>
      </div>
    );
  }
  return (
    <dl className="detail-fields">
      <dt>Status</dt>
      <dd>{statusLabel(conversation.status)}</dd>
      <dt>Contact</dt>
      <dd>{conversation.contactId}</dd>
      <dt>Inbox</dt>
      <dd>{conversation.inboxId}</dd>
      <dt>Created</dt>
      <dd>
        <time dateTime={toIsoString(conversation.createdAt)}>
          {formatExact(conversation.createdAt)}
        </time>
      </dd>
      <dt>Updated</dt>
      <dd>
        <time dateTime={toIsoString(conversation.updatedAt)}>
          {formatExact(conversation.updatedAt)}
        </time>
      </dd>
    </dl>
  );
}
