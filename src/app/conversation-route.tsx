import '../ui/messages-and-attachments.css';
import '../ui/print-and-export.css';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { ConversationPane } from '../features/conversation-detail';
import { BackToConversations } from '../ui/back-to-conversations';
import { Translated } from '../i18n/translated';
import { DownloadActionsProvider } from '../features/downloads';
import { useTranslation } from '../i18n/use-translation';

// The downloads panel shares the pane's chunk (see inbox-layout.tsx).
export { DownloadsPanel } from '../features/downloads';
// So does the "Go to conversation" dialog.
export { GoToDialog } from '../features/go-to-conversation';
export { TimeSettingsDialog } from '../features/language-and-time';
// And the finder's code and the shortcut help (the list asks for them: inbox-layout.tsx).
/** @public read through loadPaneCode's type (finder-code.ts), which knip cannot follow */
export { createRowNarrower, FindStatus, parseFindQuery } from '../features/conversations';
export { ShortcutHelpDialog } from '../features/conversations';
// And the installed app, which registers the same service worker as the downloads (start.tsx).
/** @public read from the module loadPaneCode (pane-code.ts) returns, which knip cannot follow */
export { startInstalledApp } from '../features/installed-app';
// And the list's freshness: the checks for news, the banner, the title's count, notifications.
export { FreshNews } from '../features/conversations';
import { parseConversationId } from './route-params';

/**
 * When a conversation opens (click, Enter/o, back/forward, a shared link), focus moves to the
 * pane's heading, so keyboard and screen-reader users land on what they opened. Lives here, in
 * the pane's lazy chunk, where the pane (a child) has already rendered its heading.
 */
function useHeadingFocus(id: number | undefined) {
  useEffect(() => {
    const active = document.activeElement;
    const heading = document.querySelector<HTMLElement>('.detail-pane h2');
    if (id === undefined || !heading || active?.matches('input,textarea,select')) return;
    // Not in the tab order; -1 lets it take focus. Kept if the pane sets it itself.
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  }, [id]);
}

/** @public read from the module loadPaneCode (pane-code.ts) returns, which knip cannot follow */
export function ConversationRoute() {
  const { t } = useTranslation();
  const { conversationId } = useParams();
  const { search } = useLocation();
  const id = parseConversationId(conversationId);
  const closeHref = `/${search}`;
  useHeadingFocus(id);
  if (id === undefined) {
    return (
      <aside className="detail-pane" aria-label={t('pane.label')}>
        <BackToConversations to={closeHref} />
        <p role="alert" className="alert">
          <Translated id="pane.notANumber" values={{ value: <bdi>{conversationId}</bdi> }} />
        </p>
      </aside>
    );
  }
  return (
    <DownloadActionsProvider>
      <ConversationPane key={id} conversationId={id} closeHref={closeHref} />
    </DownloadActionsProvider>
  );
}
