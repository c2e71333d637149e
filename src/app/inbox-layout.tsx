import { lazy, useState } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import {
  ConversationList,
  NotificationsToggle,
  StatusFilter,
  useStatusFilter,
  type StatusCounts,
} from '../features/conversations';
import { DownloadsButton, useConfirmedSignOut } from '../features/downloads';
import { useSession } from '../lib/session-context';
import { OfflineBanner } from '../ui/offline-banner';
import { parseConversationId } from './route-params';

// Loaded when first opened, with the pane's chunk: the panel shows the same download controls.
const DownloadsPanel = lazy(() =>
  import('./conversation-route').then((module) => ({ default: module.DownloadsPanel })),
);

export function InboxLayout() {
  const session = useSession();
  const signOut = useConfirmedSignOut();
  const filter = useStatusFilter();
  const { conversationId } = useParams();
  const selectedId = parseConversationId(conversationId);
  const paneOpen = conversationId !== undefined;
  const [counts, setCounts] = useState<StatusCounts>();

  return (
    <div className={`inbox${paneOpen ? ' inbox-pane-open' : ''}`}>
      <header className="app-header">
        <p className="app-name">Threadline</p>
        <p className="service-host" title={session.serviceUrl}>
          {new URL(session.serviceUrl).host}
        </p>
        <NotificationsToggle />
        <DownloadsButton panel={DownloadsPanel} />
        <button type="button" className="button-quiet" onClick={signOut}>
          Sign out
        </button>
      </header>
      <OfflineBanner />
      <main className="inbox-main">
        <section className="list-column" aria-label="Conversation list">
          <h1 className="visually-hidden">Conversations</h1>
          <StatusFilter filter={filter} counts={counts} />
          <ConversationList
            // Another filter is another list, read from its top: one list's scroll position (kept
            // by its virtualizer) must not carry over to the next.
            key={filter.statusIds.join(',')}
            statusIds={filter.statusIds}
            selectedId={selectedId}
            onCounts={setCounts}
          />
        </section>
        <Outlet />
      </main>
    </div>
  );
}
