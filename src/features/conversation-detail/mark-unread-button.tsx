import { markUnread } from '../../lib/record-seen';
import { useTranslation } from '../../i18n/use-translation';
import { announce } from '../../ui/live-region';

interface MarkUnreadButtonProps {
  serviceUrl: string;
  conversationId: number;
}

/** Puts the New mark back on the conversation's row, in every open tab, until it is opened again. */
export function MarkUnreadButton({ serviceUrl, conversationId }: MarkUnreadButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button-quiet"
      onClick={() => {
        markUnread(serviceUrl, conversationId);
        announce(t('pane.markedUnread', { number: `#${conversationId}` }));
      }}
    >
      {t('pane.markUnread')}
    </button>
  );
}
