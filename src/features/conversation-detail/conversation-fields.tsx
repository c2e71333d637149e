import type { Conversation } from '../../api/schemas';
import { statusLabel } from '../../lib/status';
import { formatExact, toIsoString } from '../../lib/time';

/** The interface's fields of a conversation, as the list loaded them. */
export function ConversationFields({ conversation }: { conversation: Conversation | undefined }) {
  if (!conversation) {
    return (
      <p className="detail-hint">
        Status, contact and inbox appear here once this conversation is loaded in the list.
      </p>
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
