import type { Conversation } from '../../api/schemas';
import { formatNumber } from '../../i18n/format';
import { t } from '../../i18n/translate';
import { STATUS_FILTERS } from '../../lib/status';
import { h, slot, type View, type ViewElement } from '../../ui/view';
import { quotedList } from './quoted-list';
import { rowContent } from './row-content';

/*
 * The list's markup, described once (ui/view.ts): React renders it in the app and the first
 * paint (src/boot/first-paint.ts) draws it with plain DOM before React has loaded.
 */

/** Conversations per known status, counted from the rows once the whole filtered list is loaded. */
export type StatusCounts = Record<'open' | 'closed' | 'pending', number>;

export interface StatusFilterMarkup {
  statusIds: readonly number[];
  /** Known only when the whole filtered list is loaded; shown for the statuses it covers. */
  counts?: StatusCounts | undefined;
  /** Prefix of the count elements' ids (they describe the checkboxes once known). */
  countIdPrefix?: string;
  /** Values in the link that name no status. */
  ignored?: readonly string[];
}

/** Each checkbox is part `status-{name}`. */
export function statusFilterView({
  statusIds,
  counts,
  countIdPrefix = 'status-count-',
  ignored = [],
}: StatusFilterMarkup): ViewElement {
  const all = statusIds.length === 0;
  return h(
    'fieldset',
    { className: 'status-filter' },
    h('legend', {}, t('status.legend')),
    ...STATUS_FILTERS.map((status) => {
      const checked = statusIds.includes(status.id);
      const count = counts && (all || checked) ? counts[status.name] : undefined;
      const id = `${countIdPrefix}${status.name}`;
      return h(
        'label',
        { className: 'checkbox' },
        h('input', {
          type: 'checkbox',
          checked,
          // The count stays out of the name ("Open") and is read as its description.
          'aria-describedby': count === undefined ? undefined : id,
          'data-part': `status-${status.name}`,
        }),
        t(status.label),
        // Always there, so the checkboxes never move when the counts appear.
        h(
          'span',
          { id, className: 'status-count', 'aria-hidden': 'true' },
          count === undefined ? null : formatNumber(count),
          count === undefined
            ? null
            : h('span', { className: 'visually-hidden' }, ` ${t('status.countNoun', { count })}`),
        ),
      );
    }),
    ignored.length > 0
      ? h(
          'p',
          { className: 'notice', role: 'status' },
          t('status.ignored', { values: quotedList(ignored) }),
        )
      : null,
  );
}

export interface RowMarkup {
  conversation: Conversation;
  now: number;
  /** The row's link: the conversation, keeping the list's filters. */
  href: string;
  /** Open in the pane. */
  current?: boolean;
  /** The keyboard selection (j/k); it also has focus when rendered. */
  selected?: boolean;
  /** Updated since this agent last opened it on this browser (lib/new-to-you.ts). */
  isNew?: boolean;
}

export function conversationRowView({
  conversation,
  now,
  href,
  current = false,
  selected = false,
  isNew = false,
}: RowMarkup): ViewElement {
  const content = rowContent(conversation, now);
  return h(
    'a',
    {
      href,
      className: `conversation-row${selected ? ' row-selected' : ''}${isNew ? ' row-new' : ''}`,
      'aria-current': current ? 'page' : undefined,
      'data-conversation-id': String(conversation.id),
    },
    // The badge sits in the number's cell, so the grid and the row's height stay as they are; the
    // space keeps "New" a word of its own in the row's accessible name.
    h(
      'span',
      { className: 'row-id' },
      h('bdi', {}, content.id),
      isNew ? ' ' : null,
      isNew ? h('span', { className: 'new-badge' }, t('list.new')) : null,
    ),
    h('span', { className: `status-badge status-${content.tone}` }, content.status),
    h('span', { className: 'row-meta row-contact' }, ...content.contact),
    h('span', { className: 'row-meta row-inbox' }, ...content.inbox),
    // The exact date, time and zone: shown on hover and while the row has focus (styles.css), and
    // part of the row's name for screen readers.
    h(
      'time',
      { className: 'row-time', dateTime: content.iso, 'data-exact': content.exact },
      content.relative,
      h('span', { className: 'visually-hidden' }, ` (${content.exact})`),
    ),
  );
}

/** A row's place in the virtual list: `setSize` is -1 while more pages may follow. */
export function conversationItemView(
  index: number,
  setSize: number,
  row: View,
  rowHeight: number,
): ViewElement {
  return h(
    'li',
    {
      className: 'conversation-item',
      'aria-setsize': setSize,
      'aria-posinset': index + 1,
      style: { transform: `translateY(${index * rowHeight}px)` },
    },
    row,
  );
}

/**
 * The scrolling list: parts `scroller` and `rows`; slots `banner` (fresh rows), `empty` (no
 * match), `items` (the rendered rows) and `footer` (paging state).
 */
export function conversationListView(height: number, compact: boolean): ViewElement {
  return h(
    'div',
    { className: compact ? 'conversation-list rows-compact' : 'conversation-list' },
    slot('banner'),
    slot('empty'),
    h(
      'div',
      {
        className: 'conversation-scroller',
        'data-testid': 'conversation-scroller',
        'data-part': 'scroller',
      },
      h(
        'ul',
        {
          'aria-label': t('list.heading'),
          className: 'conversation-rows',
          style: { height: `${height}px` },
          'data-part': 'rows',
        },
        slot('items'),
      ),
      slot('footer'),
    ),
  );
}

/** "Notify me" in the header: part `toggle`. */
export function notifyToggleView(on: boolean): ViewElement {
  return h(
    'button',
    { type: 'button', className: 'button-quiet', 'aria-pressed': on, 'data-part': 'toggle' },
    t('header.notifyMe'),
  );
}

/** "Compact rows" in the header: part `toggle`. */
export function compactRowsView(on: boolean): ViewElement {
  return h(
    'label',
    { className: 'checkbox header-check' },
    h('input', { type: 'checkbox', checked: on, 'data-part': 'toggle' }),
    t('header.compactRows'),
  );
}

/**
 * The finder above the list: part `find-field` (the search box), part `find-button` (Find, the
 * `/` key) and part `unread` (Unread only); slot `find-message` (the words it did not understand).
 */
export function findBarView(text: string, unread: boolean): ViewElement {
  return h(
    'div',
    { className: 'find-bar', role: 'search' },
    h('input', {
      type: 'search',
      className: 'find-field',
      'aria-label': t('find.fieldLabel'),
      placeholder: t('find.placeholder', {
        open: t('status.open').toLocaleLowerCase(),
        today: t('find.today'),
      }),
      autoComplete: 'off',
      spellCheck: false,
      value: text,
      'data-part': 'find-field',
    }),
    h(
      'button',
      { type: 'button', 'aria-keyshortcuts': '/', 'data-part': 'find-button' },
      t('find.button'),
    ),
    h(
      'label',
      { className: 'checkbox' },
      h('input', { type: 'checkbox', checked: unread, 'data-part': 'unread' }),
      t('find.unreadOnly'),
    ),
    slot('find-message'),
  );
}
