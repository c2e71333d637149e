import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { AppLink } from '../../ui/app-link';
import { useConfig } from '../../lib/config-context';
import { useSession } from '../../lib/session-context';
import { useTranslation } from '../../i18n/use-translation';
import { ErrorAlert } from '../../ui/error-alert';
import './one-column-pane.css';
import { BackToConversations } from '../../ui/back-to-conversations';
import { ContactConversations } from './contact-conversations';
import { ConversationFields } from './conversation-fields';
import { CopyButtons } from './copy-buttons';
import { useAttachmentActions } from '../../lib/attachment-actions';
import { MarkUnreadButton } from './mark-unread-button';
import { MessageList } from './message-list';
import { messageListOptions } from './queries';
import { useCachedConversation } from './use-cached-conversation';
import { Translated } from '../../i18n/translated';
import { TranscriptActions } from './transcript/transcript-actions';
import { useLoadAllPages } from './use-load-all-pages';
import { usePanePlace } from './use-pane-place';
import { useRecordOpened } from './use-record-opened';

interface ConversationPaneProps {
  conversationId: number;
  /** The list's URL with the same filters. */
  closeHref: string;
}

export function ConversationPane({ conversationId, closeHref }: ConversationPaneProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { messagesPath, listTimeoutMs } = useConfig();
  const headingId = useId();
  const conversation = useCachedConversation(conversationId);
  const options = messageListOptions(session, messagesPath, conversationId, listTimeoutMs);
  const messages = useInfiniteQuery(options);
  const loadAllPages = useLoadAllPages(options);
  const { Conversation: ConversationActions } = useAttachmentActions();
  const paneRef = useRef<HTMLElement>(null);
  usePanePlace(paneRef, conversationId, {
    ready: !messages.isPending,
    hasNextPage: messages.hasNextPage,
    isFetchingNextPage: messages.isFetchingNextPage,
  });
  useRecordOpened(session.serviceUrl, conversationId, conversation?.updatedAt);

  return (
    <aside ref={paneRef} className="detail-pane" aria-labelledby={headingId}>
      <BackToConversations to={closeHref} />
      <header className="detail-header">
        <h2 id={headingId} tabIndex={-1}>
          <Translated id="pane.heading" values={{ number: <bdi>#{conversationId}</bdi> }} />
        </h2>
        <CopyButtons conversationId={conversationId}>
          <TranscriptActions
            {...{ conversationId, conversation, loadAllPages }}
            pages={messages.data?.pages ?? []}
            hasNextPage={messages.hasNextPage}
          />
          <AppLink to={closeHref} className="button-quiet pane-close">
            {t('pane.close')}
          </AppLink>
        </CopyButtons>
      </header>
      <ConversationFields conversationId={conversationId} conversation={conversation} />
      <div>
        <MarkUnreadButton serviceUrl={session.serviceUrl} conversationId={conversationId} />
      </div>
      {conversation ? (
        <ContactConversations contactId={conversation.contactId} conversationId={conversationId} />
      ) : null}
      <h3 className="visually-hidden">{t('pane.messages')}</h3>
      {messages.isPending ? (
        <p role="status">{t('pane.loadingMessages')}</p>
      ) : messages.isError && !messages.data ? (
        <ErrorAlert
          title={t('pane.messagesFailed')}
          error={messages.error}
          onRetry={() => {
            // The alert and its Retry give way to "Loading messages…": the keyboard goes to the
            // heading, as when the conversation opened, not to the page's body.
            paneRef.current?.querySelector('h2')?.focus();
            void messages.refetch();
          }}
        />
      ) : (
        <>
          <ConversationActions
            key={conversationId}
            conversationId={conversationId}
            pages={messages.data.pages}
            hasNextPage={messages.hasNextPage}
            loadAllPages={loadAllPages}
          />
          <MessageList
            pages={messages.data.pages}
            hasNextPage={messages.hasNextPage}
            isFetchingNextPage={messages.isFetchingNextPage}
            nextPageError={messages.isFetchNextPageError ? messages.error : null}
            onLoadMore={() => void messages.fetchNextPage({ cancelRefetch: false })}
            conversationId={conversationId}
          />
        </>
      )}
    </aside>
  );
}
