import { lazy, useEffect, useState } from 'react';
import { Outlet, useLocation, useParams } from 'react-router-dom';
import {
  compactRowsOn,
  CompactRowsToggle,
  ConversationList,
  FindBar,
  NotificationsToggle,
  StatusFilter,
  useFindParam,
  useStatusFilter,
} from '../features/conversations';
import { DownloadsButton, useConfirmedSignOut } from '../features/downloads';
import { GoToConversation } from '../features/go-to-conversation';
import { LanguageAndTime } from '../features/language-and-time';
import { useTranslation } from '../i18n/use-translation';
import { useSession } from '../lib/session-context';
import { whenIdle } from '../lib/when-idle';
import { OfflineBanner } from '../ui/offline-banner';
import { viewToReact } from '../ui/view-react';
import { closeHeaderMenu, inboxView } from './markup';
import { loadPaneCode } from './pane-code';
import { parseConversationId } from './route-params';

// Loaded when first opened, with the pane's chunk: the panel shows the same download controls.
const DownloadsPanel = lazy(() =>
  import('./conversation-route').then((module) => ({ default: module.DownloadsPanel })),
);

// Likewise the "Go to conversation" dialog.
const loadGoToDialog = () => loadPaneCode().then((module) => module.GoToDialog);
const loadShortcutHelp = () => loadPaneCode().then((module) => module.ShortcutHelpDialog);
const loadTimeSettings = () => loadPaneCode().then((module) => module.TimeSettingsDialog);

export function InboxLayout() {
  // The frame's words (Sign out, the list's name) are in its markup description.
  useTranslation();
  const session = useSession();
  const signOut = useConfirmedSignOut();
  const filter = useStatusFilter();
  // A keystroke in the finder re-renders the field and the list, not this layout.
  const find = useFindParam();
  const { conversationId } = useParams();
  const selectedId = parseConversationId(conversationId);
  const paneOpen = conversationId !== undefined;
  const [compact, setCompact] = useState(compactRowsOn);
  // The pane's code is fetched and compiled while the agent reads the list, so the first
  // conversation opened shows at once (and its layout change comes with the click, not later).
  useEffect(() => whenIdle(() => void loadPaneCode().catch(() => undefined)), []);
  const { pathname } = useLocation();
  useEffect(closeHeaderMenu, [pathname]);

  return viewToReact(inboxView(session.serviceUrl, paneOpen), {
    parts: { 'sign-out': { onClick: signOut } },
    slots: {
      'go-to': <GoToConversation loadDialog={loadGoToDialog} />,
      density: <CompactRowsToggle on={compact} onChange={setCompact} />,
      notify: <NotificationsToggle />,
      downloads: <DownloadsButton panel={DownloadsPanel} />,
      'language-and-time': <LanguageAndTime loadTimeSettings={loadTimeSettings} />,
      offline: <OfflineBanner />,
      filter: <StatusFilter filter={filter} />,
      // Outside the list, which is keyed by the filter: the field keeps its focus and text when
      // the statuses change.
      find: <FindBar find={find} loadFinder={loadPaneCode} />,
      list: (
        <ConversationList
          // Another filter is another list, read from its top: one list's scroll position (kept
          // by its virtualizer) must not carry over to the next. Not keyed by the query: typing
          // narrows the same list.
          key={filter.statusIds.join(',')}
          statusIds={filter.statusIds}
          selectedId={selectedId}
          compact={compact}
          find={find}
          loadFinder={loadPaneCode}
          loadShortcutHelp={loadShortcutHelp}
          loadFreshNews={loadPaneCode}
        />
      ),
      pane: <Outlet />,
    },
  });
}
