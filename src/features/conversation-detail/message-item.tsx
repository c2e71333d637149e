import type { Message } from '../../api/messages';
import { formatExact } from '../../i18n/format';
import { toIsoString } from '../../lib/time';
import { AttachmentItem } from './attachment-item';

interface MessageItemProps {
  message: Message;
  conversationId: number;
}

/** Whatever the message carries that we can read; text is always React text, never HTML. */
export function MessageItem({ message, conversationId }: MessageItemProps) {
  const empty = !message.text && message.attachments.length === 0;
  return (
    <li className="message">
      {message.author || message.timestamp ? (
        <p className="message-meta">
          {message.author ? <span className="message-author">{message.author}</span> : null}
          {message.timestamp ? (
            <time dateTime={toIsoString(message.timestamp)}>{formatExact(message.timestamp)}</time>
          ) : null}
        </p>
      ) : null}
      {message.text ? <p className="message-text">{message.text}</p> : null}
      {empty && message.unreadableAttachments === 0 ? (
        <p className="message-empty">This message has no text the viewer can show.</p>
      ) : null}
      {message.attachments.length > 0 ? (
        <ul className="attachments" aria-label="Attachments">
          {message.attachments.map((attachment, index) => (
            <AttachmentItem
              key={`${index}-${attachment.url}`}
              attachment={attachment}
              conversationId={conversationId}
            />
          ))}
        </ul>
      ) : null}
      {message.unreadableAttachments > 0 ? (
        <p className="message-empty">
          {message.unreadableAttachments === 1
            ? '1 attachment could not be shown: the service sent it in an unknown shape.'
            : `${message.unreadableAttachments} attachments could not be shown: the service sent them in an unknown shape.`}
        </p>
      ) : null}
    </li>
  );
}
