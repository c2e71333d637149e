import type { VirtualItem } from '@tanstack/react-virtual';
import { memo, startTransition, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Conversation } from '../../api/schemas';
import { useTranslation } from '../../i18n/use-translation';
import { ConversationRow } from './conversation-row';

/** A click the browser would follow in this tab: the left button, no modifier (new tab, window). */
function opensHere(event: MouseEvent): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

interface VirtualRowsProps {
  rows: readonly Conversation[];
  /** The rows to draw (the visible ones and a few more), positioned by the virtualizer. */
  items: readonly VirtualItem[];
  totalSize: number;
  /** The list's length for assistive technology, -1 while more pages may come. */
  setSize: number;
  /** The current search (the filters), kept by the rows' links. */
  search: string;
  /** The conversation open in the pane. */
  openId: number | undefined;
  /** The keyboard selection. */
  selectedId: number | undefined;
  /** New to the agent (lib/new-to-you.ts); a new predicate whenever the marks change. */
  isNew: (conversation: Conversation) => boolean;
  now: number;
}

/**
 * The drawn window of the list: one positioned item per visible row. Memoised: a page that lands
 * while the list holds its rows back (useBatchedRows) changes none of these props.
 */
export const VirtualRows = memo(function VirtualRows({
  rows,
  items,
  totalSize,
  setSize,
  search,
  openId,
  selectedId,
  isNew,
  now,
}: VirtualRowsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // One handler for every row's link: a click opens the pane without loading the page, in a
  // transition, so the click is painted at once and the pane's render yields to the browser
  // instead of holding the frame. Ctrl/middle click and the like stay the browser's.
  const openClicked = (event: MouseEvent<HTMLUListElement>) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-conversation-id]');
    if (!link || !opensHere(event)) return;
    event.preventDefault();
    const href = link.getAttribute('href')!;
    startTransition(() => void navigate(href));
  };
  return (
    <ul
      aria-label={t('list.heading')}
      className="conversation-rows"
      style={{ height: totalSize }}
      onClick={openClicked}
    >
      {items.map((item) => {
        const conversation = rows[item.index];
        if (!conversation) return null;
        return (
          <li
            key={item.key}
            className="conversation-item"
            aria-setsize={setSize}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <ConversationRow
              conversation={conversation}
              href={`/conversations/${conversation.id}${search}`}
              current={conversation.id === openId}
              selected={conversation.id === selectedId}
              isNew={isNew(conversation)}
              now={now}
            />
          </li>
        );
      })}
    </ul>
  );
});
