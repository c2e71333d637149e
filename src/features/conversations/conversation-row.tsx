import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Conversation } from '../../api/schemas';
import { statusLabel, statusTone } from '../../lib/status';
import { formatExact, formatRelative, toIsoString } from '../../lib/time';

interface ConversationRowProps {
  conversation: Conversation;
  href: string;
  selected: boolean;
  now: number;
}

export const ConversationRow = memo(function ConversationRow({
  conversation,
  href,
  selected,
  now,
}: ConversationRowProps) {
  const { id, status, contactId, inboxId, updatedAt } = conversation;
  return (
    <Link
      to={href}
      className="conversation-row"
      aria-current={selected ? 'page' : undefined}
      data-conversation-id={id}
    >
      <span className="row-id">#{id}</span>
      <span className={`status-badge status-${statusTone(status)}`}>{statusLabel(status)}</span>
      <span className="row-meta">
        <span>Contact {contactId}</span>
        <span>Inbox {inboxId}</span>
      </span>
      <time className="row-time" dateTime={toIsoString(updatedAt)} title={formatExact(updatedAt)}>
        {formatRelative(updatedAt, now)}
      </time>
    </Link>
  );
});
