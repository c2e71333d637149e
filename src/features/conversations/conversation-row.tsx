import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Conversation } from '../../api/schemas';
import { rowContent } from './row-content';

interface ConversationRowProps {
  conversation: Conversation;
  href: string;
  /** Open in the pane. */
  current: boolean;
  /** The keyboard selection (j/k); it also has focus when rendered. */
  selected: boolean;
  now: number;
}

/** Keep in step with the plain-DOM first paint (src/app/first-paint.ts); a test compares them. */
export const ConversationRow = memo(function ConversationRow({
  conversation,
  href,
  current,
  selected,
  now,
}: ConversationRowProps) {
  const content = rowContent(conversation, now);
  return (
    <Link
      to={href}
      className={selected ? 'conversation-row row-selected' : 'conversation-row'}
      aria-current={current ? 'page' : undefined}
      data-conversation-id={conversation.id}
    >
      <span className="row-id">{content.id}</span>
      <span className={`status-badge status-${content.tone}`}>{content.status}</span>
      <span className="row-meta row-contact">{content.contact}</span>
      <span className="row-meta row-inbox">{content.inbox}</span>
      <time className="row-time" dateTime={content.iso} title={content.exact}>
        {content.relative}
      </time>
    </Link>
  );
});
