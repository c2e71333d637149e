import { markUnread } from '../../lib/record-seen';
import { announce } from '../../ui/live-region';

interface MarkUnreadButtonProps {
  serviceUrl: string;
  conversationId: number;
}

/** Puts the New mark back on the conversation's row, in every open tab, until it is opened again. */
export function MarkUnreadButton({ serviceUrl, conversationId }: MarkUnreadButtonProps) {
  return (
    <button
      type="button"
      className="button-quiet"
      onClick={() => {
        markUnread(serviceUrl, conversationId);
        announce(`Conversation #${conversationId} marked as unread.`);
      }}
    >
      Mark as unread
    </button>
  );
}
