import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Conversation } from '../../api/schemas';
import { statusLabel, statusTone } from '../../lib/status';
import { formatExact, formatRelative, toIsoString } from '../../lib/time';

interface ConversationRowProps {
  conversation: Conversation;
  href: string;
  /** Open in the pane. */
  current: boolean;
  /** The keyboard selection (j/k); it also has focus when rendered. */
  selected: boolean;
  now: number;
}

export const ConversationRow = memo(function ConversationRow({
  conversation,
  href,
  current,
  selected,
  now,
}: ConversationRowProps) {
  const { id, status, contactId, inboxId, updatedAt } = conversation;
  return (
    <Link
      to={href}
      className={selected ? 'conversation-row row-selected' : 'conversation-row'}
      aria-current={current ? 'page' : undefined}
      data-conversation-id={id}
    >
      <span className="row-id">#{id}</span>
      <span className={`status-badge status-${statusTone(status)}`}>{statusLabel(status)}</span>
      <span className="row-meta row-contact">Contact {contactId}</span>
      <span className="row-meta row-inbox">Inbox {inboxId}</span>
      <time className="row-time" dateTime={toIsoString(updatedAt)} title={formatExact(updatedAt)}>
        {formatRelative(updatedAt, now)}
      </time>
    </Link>
  );
});
