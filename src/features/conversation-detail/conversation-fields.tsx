import { useLocation } from 'react-router-dom';
import { AppLink } from '../../ui/app-link';
import type { Conversation } from '../../api/schemas';
import { statusLabel } from '../../lib/status';
import { formatExact } from '../../i18n/format';
import { useClockSettings } from '../../i18n/use-clock-settings';
import { useTranslation } from '../../i18n/use-translation';
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
  const { t } = useTranslation();
  // Times on the agent's clock: drawn again when it changes.
  useClockSettings();
  const { search } = useLocation();
  if (!conversation) {
    const target = findInListTarget(conversationId, search);
    return (
      <div className="detail-hint">
        <p>{t('pane.notLoaded')}</p>
        <p>
          <AppLink to={target.to} state={target.state}>
            {t('pane.findInList')}
          </AppLink>
        </p>
      </div>
    );
  }
  return (
    <dl className="detail-fields">
      <dt>{t('pane.status')}</dt>
      <dd>{statusLabel(conversation.status)}</dd>
      <dt>{t('pane.contact')}</dt>
      <dd>
        <bdi>{conversation.contactId}</bdi>
      </dd>
      <dt>{t('pane.inbox')}</dt>
      <dd>
        <bdi>{conversation.inboxId}</bdi>
      </dd>
      <dt>{t('pane.created')}</dt>
      <dd>
        <time dateTime={toIsoString(conversation.createdAt)}>
          {formatExact(conversation.createdAt)}
        </time>
      </dd>
      <dt>{t('pane.updated')}</dt>
      <dd>
        <time dateTime={toIsoString(conversation.updatedAt)}>
          {formatExact(conversation.updatedAt)}
        </time>
      </dd>
    </dl>
  );
}
