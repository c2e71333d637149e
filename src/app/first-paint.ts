import type { ConversationPage } from '../api/schemas';
import { uniqueConversations } from '../features/conversations/paging';
import { ROW_HEIGHT, rowContent } from '../features/conversations/row-content';
import { rememberFirstPaintKey, rememberFirstPaintScroll } from '../lib/first-paint-handoff';
import { clearSession } from '../lib/session-store';
import { STATUS_FILTERS, type StatusId } from '../lib/status';
import { toggleStatusParam } from '../lib/status-params';

/*
 * The inbox's first rows drawn with plain DOM from the start-up page, while
 * React and the rest of the UI code are still loading and starting: the agent
 * sees conversations as soon as they arrive. It is the same markup the React
 * inbox renders (a test compares the two), so React's first commit, which
 * replaces it, does not move anything. Until then the rows are plain links
 * (full page loads), a status checkbox changes the URL React starts from,
 * Sign out signs out, and keys pressed are replayed by the React list (see
 * lib/first-paint-handoff.ts). Text only ever goes in through textContent.
 */

type Child = Node | string;

function h(tag: string, attributes: Record<string, string> = {}, ...children: Child[]) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

export interface FirstPaint {
  page: ConversationPage;
  serviceUrl: string;
  statusIds: readonly StatusId[];
  /** The page's query string, kept on row links as the list does. */
  search: string;
}

function statusFilter(statusIds: readonly StatusId[], list: HTMLElement) {
  return h(
    'fieldset',
    { class: 'status-filter' },
    h('legend', {}, 'Status'),
    ...STATUS_FILTERS.map((status) => {
      const input = h('input', { type: 'checkbox' }) as HTMLInputElement;
      input.checked = statusIds.includes(status.id);
      input.addEventListener('change', () => {
        const next = toggleStatusParam(new URLSearchParams(window.location.search), status.id);
        const query = next.toString();
        window.history.pushState(null, '', `${window.location.pathname}${query && `?${query}`}`);
        // These rows were for the old filter; React loads the new one when it starts.
        list.replaceChildren();
      });
      return h(
        'label',
        { class: 'checkbox' },
        input,
        status.label,
        h('span', { class: 'status-count', 'aria-hidden': 'true' }),
      );
    }),
  );
}

function signOutButton() {
  const button = h('button', { type: 'button', class: 'button-quiet' }, 'Sign out');
  button.addEventListener('click', () => {
    clearSession();
    window.location.reload();
  });
  return button;
}

function row(conversation: ConversationPage['data'][number], search: string, now: number) {
  const content = rowContent(conversation, now);
  return h(
    'a',
    {
      class: 'conversation-row',
      'data-conversation-id': String(conversation.id),
      href: `/conversations/${conversation.id}${search}`,
    },
    h('span', { class: 'row-id' }, content.id),
    h('span', { class: `status-badge status-${content.tone}` }, content.status),
    h('span', { class: 'row-meta row-contact' }, content.contact),
    h('span', { class: 'row-meta row-inbox' }, content.inbox),
    h('time', { class: 'row-time', datetime: content.iso, title: content.exact }, content.relative),
  );
}

/** Draws the inbox into an empty root; React's first render replaces it whole. */
export function paintFirstRows(
  root: HTMLElement,
  { page, serviceUrl, statusIds, search }: FirstPaint,
) {
  const rows = uniqueConversations([page]);
  if (root.firstChild || rows.length === 0) return;
  const list = h('ul', { 'aria-label': 'Conversations', class: 'conversation-rows' });
  list.style.height = `${rows.length * ROW_HEIGHT}px`;
  const scroller = h(
    'div',
    { class: 'conversation-scroller', 'data-testid': 'conversation-scroller' },
    list,
  );
  root.append(
    h(
      'div',
      // Marks the drawn inbox until React replaces it (the benchmark waits for that).
      { class: 'inbox', 'data-first-paint': '' },
      h(
        'header',
        { class: 'app-header' },
        h('p', { class: 'app-name' }, 'Threadline'),
        h('p', { class: 'service-host', title: serviceUrl }, new URL(serviceUrl).host),
        signOutButton(),
      ),
      h(
        'main',
        { class: 'inbox-main' },
        h(
          'section',
          { class: 'list-column', 'aria-label': 'Conversation list' },
          h('h1', { class: 'visually-hidden' }, 'Conversations'),
          statusFilter(statusIds, list),
          h('div', { class: 'conversation-list' }, scroller),
        ),
      ),
    ),
  );
  const inbox = root.firstElementChild;
  const recordKey = (event: KeyboardEvent) => {
    if (!inbox?.isConnected) document.removeEventListener('keydown', recordKey);
    else if (!(event.target instanceof HTMLInputElement)) rememberFirstPaintKey(event);
  };
  document.addEventListener('keydown', recordKey);
  // The whole page, so the agent can scroll it while React loads; React starts where they left it.
  scroller.addEventListener('scroll', () => rememberFirstPaintScroll(scroller.scrollTop), {
    passive: true,
  });
  const now = Date.now();
  const setSize = page.pagination ? '-1' : String(rows.length);
  rows.forEach((conversation, index) => {
    const item = h(
      'li',
      { class: 'conversation-item', 'aria-setsize': setSize, 'aria-posinset': String(index + 1) },
      row(conversation, search, now),
    );
    item.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
    list.append(item);
  });
}

export const LOAD_FAILURE_ID = 'threadline-load-failure';

/** The UI code could not be fetched: an alert with Retry above whatever is drawn. */
export function showLoadFailure(retry: () => void) {
  if (document.getElementById(LOAD_FAILURE_ID)) return;
  const button = h('button', { type: 'button' }, 'Retry');
  button.addEventListener('click', retry);
  const alert = h(
    'div',
    { id: LOAD_FAILURE_ID, class: 'load-failure', role: 'alert' },
    h(
      'p',
      {},
      navigator.onLine
        ? 'Threadline could not finish loading.'
        : 'You are offline. Threadline finishes loading when the connection returns.',
    ),
    button,
  );
  document.body.prepend(alert);
}
