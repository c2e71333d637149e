import type { ConversationPage } from '../api/schemas';
import { inboxView } from '../app/markup';
import { notificationsOn } from '../features/conversations/notification-preference';
import {
  compactRowsView,
  conversationItemView,
  conversationListView,
  conversationRowView,
  findBarView,
  notifyToggleView,
  statusFilterView,
} from '../features/conversations/markup';
import { uniqueConversations } from '../features/conversations/paging';
import { rowHeight } from '../features/conversations/row-content';
import { compactRowsOn, storeCompactRows } from '../features/conversations/row-density';
import { downloadsButtonView } from '../features/downloads/markup';
import { goToButtonView } from '../features/go-to-conversation/markup';
import { languageSelectView, timeSettingsButtonView } from '../features/language-and-time/markup';
import { findLanguage } from '../i18n/languages';
import { activeLanguage, chooseLanguage } from '../i18n/translate';
import { FIND_PARAM, setFindParam, setUnreadParam, unreadOnly } from '../lib/find-params';
import { newToYou } from '../lib/seen-marks';
import { clearSession } from '../lib/session-store';
import { STATUS_FILTERS } from '../lib/status';
import { toggleStatusParam } from '../lib/status-params';
import { drawView } from '../ui/view';

/*
 * The inbox drawn with plain DOM from the start-up page while React and the rest of the UI code
 * are still loading and starting: the agent sees conversations as soon as they arrive. It is
 * drawn from the app's own markup descriptions (ui/view.ts), so React's first commit, which
 * replaces it, moves nothing. Until then the rows are plain links (full page loads), a status
 * checkbox changes the URL React starts from, Sign out signs out, and the scroll position and
 * keys pressed are handed to the app (lib/hand-over.ts).
 */

export interface FirstPaint {
  page: ConversationPage;
  serviceUrl: string;
  statusIds: readonly number[];
  /** The page's query string, kept on row links as the list does. */
  search: string;
}

interface FirstPaintRecorder {
  rememberScrollTop: (top: number) => void;
  rememberKey: (event: KeyboardEvent) => void;
}

/**
 * Draws the inbox into an empty root with the rows in view; React's first render replaces it
 * whole. Returns what draws the rest of the page's rows, for once that frame has been painted.
 */
export function paintInbox(
  root: HTMLElement,
  { page, serviceUrl, statusIds, search }: FirstPaint,
  recorder: FirstPaintRecorder,
): () => void {
  const rows = uniqueConversations([page]);
  // A link with a query (`q`, `unread`) shows the rows it matches: the app draws those itself.
  const params = new URLSearchParams(search);
  const narrowed = !!params.get(FIND_PARAM)?.trim() || unreadOnly(params);
  if (root.firstChild || rows.length === 0 || narrowed) return () => undefined;
  const now = Date.now();
  const compact = compactRowsOn();
  const height = rowHeight(compact);
  const isNew = newToYou(serviceUrl);
  const setSize = page.pagination ? -1 : rows.length;
  const drawItems = (from: number, to: number) => {
    const items = document.createDocumentFragment();
    rows.slice(from, to).forEach((conversation, offset) => {
      const row = conversationRowView({
        conversation,
        now,
        href: `/conversations/${conversation.id}${search}`,
        isNew: isNew(conversation),
      });
      items.append(drawView(conversationItemView(from + offset, setSize, row, height))!);
    });
    return items;
  };
  // Only the rows that can be in view (the window's height bounds the list's) go in the first
  // frame; the caller draws the rest of the page, there to scroll before React starts, once that
  // frame is painted: drawing a whole page first held the first row back (docs/performance.md).
  const inView = Math.ceil(window.innerHeight / height);
  const items = drawItems(0, inView);

  const parts = new Map<string, HTMLElement>();
  const remember = (name: string, element: HTMLElement) => parts.set(name, element);
  const list = drawView(conversationListView(rows.length * height, compact), {
    slots: { items },
    parts: remember,
  });
  const inbox = drawView(inboxView(serviceUrl, false), {
    slots: {
      'go-to': drawView(goToButtonView()) ?? undefined,
      density: drawView(compactRowsView(compact), { parts: remember }) ?? undefined,
      notify:
        'Notification' in window
          ? (drawView(notifyToggleView(notificationsOn())) ?? undefined)
          : undefined,
      downloads: drawView(downloadsButtonView(0, false)) ?? undefined,
      'language-and-time': languageAndTime(remember),
      filter: drawView(statusFilterView({ statusIds }), { parts: remember }) ?? undefined,
      find: drawView(findBarView('', false), { parts: remember }) ?? undefined,
      list: list ?? undefined,
    },
    parts: remember,
  });
  root.append(inbox!);
  // Another language chosen before React has started: the page starts again in it.
  parts.get('language')?.addEventListener('change', (event) => {
    const chosen = findLanguage((event.target as HTMLSelectElement).value);
    if (chosen) void chooseLanguage(chosen).then(() => window.location.reload());
  });

  const onToggle = (part: string, toggle: (params: URLSearchParams) => URLSearchParams) =>
    parts.get(part)?.addEventListener('change', () => {
      const query = toggle(new URLSearchParams(window.location.search)).toString();
      window.history.pushState(null, '', `${window.location.pathname}${query && `?${query}`}`);
      // These rows were for the old filter; React loads the new one when it starts.
      parts.get('rows')?.replaceChildren();
    });
  for (const status of STATUS_FILTERS) {
    onToggle(`status-${status.name}`, (params) => toggleStatusParam(params, status.id));
  }
  // Compact rows: React draws the rows at that height when it starts.
  parts
    .get('toggle')
    ?.addEventListener('change', (event) =>
      storeCompactRows((event.target as HTMLInputElement).checked),
    );
  onToggle('unread', (params) => setUnreadParam(params, !unreadOnly(params)));
  parts.get('sign-out')?.addEventListener('click', () => {
    clearSession();
    window.location.reload();
  });
  // What is typed in the finder before the app starts goes in the URL the app starts from (and
  // the app's field takes the focus over, find-bar.tsx); `/` goes there, not to the shortcuts.
  const find = parts.get('find-field') as HTMLInputElement | undefined;
  find?.addEventListener('input', () => {
    const next = setFindParam(new URLSearchParams(window.location.search), find.value);
    window.history.replaceState(null, '', `${window.location.pathname}?${next.toString()}`);
  });
  const recordKey = (event: KeyboardEvent) => {
    if (!inbox?.isConnected) document.removeEventListener('keydown', recordKey);
    else if (event.target instanceof HTMLInputElement) return;
    else if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      find?.focus();
    } else recorder.rememberKey(event);
  };
  document.addEventListener('keydown', recordKey);
  // The agent can scroll the rows while React loads; the app starts where they left it.
  const scroller = parts.get('scroller');
  scroller?.addEventListener('scroll', () => recorder.rememberScrollTop(scroller.scrollTop), {
    passive: true,
  });
  return () => {
    const rowsPart = parts.get('rows');
    // Not once React has replaced the drawn inbox, nor after a status box emptied the list.
    if (inbox?.isConnected && rowsPart?.lastChild && rows.length > inView)
      rowsPart.append(drawItems(inView, rows.length));
  };
}

function languageAndTime(remember: (name: string, element: HTMLElement) => void): Node {
  const controls = document.createDocumentFragment();
  controls.append(
    drawView(languageSelectView(activeLanguage()), { parts: remember })!,
    drawView(timeSettingsButtonView())!,
  );
  return controls;
}
