import type { Message } from '../../api/messages';
import { useClockSettings } from '../../i18n/use-clock-settings';
import { formatExact } from '../../i18n/format';
import { useTranslation } from '../../i18n/use-translation';
import { toIsoString } from '../../lib/time';
import { AttachmentItem } from './attachment-item';

interface MessageItemProps {
  message: Message;
  conversationId: number;
}

/**
 * Whatever the message carries that we can read; text is always React text, never HTML, in the
 * direction of its own first strong letter (dir="auto"): the sender's, not the agent's language.
 */
export function MessageItem({ message, conversationId }: MessageItemProps) {
  const { t } = useTranslation();
  useClockSettings();
  const empty = !message.text && message.attachments.length === 0;
  return (
    <li className="message">
      {message.author || message.timestamp ? (
        <p className="message-meta">
          {message.author ? (
            <span className="message-author" dir="auto">
              {message.author}
            </span>
          ) : null}
          {message.timestamp ? (
            <time dateTime={toIsoString(message.timestamp)}>{formatExact(message.timestamp)}</time>
          ) : null}
        </p>
      ) : null}
      {message.text ? (
        <p className="message-text" dir="auto">
          {message.text}
        </p>
      ) : null}
      {empty && message.unreadableAttachments === 0 ? (
        <p className="message-empty">{t('pane.messageEmpty')}</p>
      ) : null}
      {message.attachments.length > 0 ? (
        <ul className="attachments" aria-label={t('pane.attachments')}>
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
          {t('pane.unreadableAttachments', { count: message.unreadableAttachments })}
        </p>
      ) : null}
    </li>
  );
}
