import type { Conversation } from '../../api/schemas';

/** What a key press may read and do; built by useListKeyboard at the moment of the press. */
export interface ListKeyContext {
  event: KeyboardEvent;
  rows: readonly Conversation[];
  /** The selected row's index in `rows`, or -1. */
  index: number;
  /** The selected row is still to be focused (the virtualizer is scrolling to it). */
  focusPending: boolean;
  openId: number | undefined;
  /** A pane is open (possibly one for a link that names no valid conversation). */
  paneOpen: boolean;
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  scroller: HTMLElement | null;
  /** `after`: the row after this one, once the next page has brought it. */
  select: (id: number, after?: boolean) => void;
  /** Navigates to this path, keeping the current search (the filters). */
  go: (path: string) => void;
  /** Opens the "Keyboard shortcuts" help. */
  showHelp: () => void;
}

const TEXT_INPUT = /^(?!checkbox$|radio$|button$|submit$|reset$|image$|file$|color$)/;

/** Where a key means text, not a shortcut. */
export function isTyping(target: Element | null): boolean {
  if (target instanceof HTMLInputElement) return TEXT_INPUT.test(target.type);
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/**
 * Other features' shortcuts are declared on their buttons with aria-keyshortcuts (the downloads
 * panel's is `d`); the key clicks that button, so there is one key handler for the whole app.
 */
function pressShortcutButton(key: string): boolean {
  if (key.length !== 1) return false;
  const button = document.querySelector<HTMLElement>(`[aria-keyshortcuts="${CSS.escape(key)}"]`);
  button?.click();
  return !!button;
}

interface RowsInView {
  /** Ids of the drawn rows wholly inside the scroller's visible area, top to bottom. */
  whole: number[];
  /** Ids of those with any part of them in it. */
  shown: Set<number>;
}

/** What of the list the agent sees (nothing when it is hidden). */
function rowsInView(scroller: HTMLElement | null): RowsInView {
  const found: RowsInView = { whole: [], shown: new Set() };
  const view = scroller?.getBoundingClientRect();
  if (!scroller || !view || view.height <= 0) return found;
  for (const row of scroller.querySelectorAll<HTMLElement>('[data-conversation-id]')) {
    const box = row.getBoundingClientRect();
    const id = Number(row.getAttribute('data-conversation-id'));
    if (box.bottom > view.top && box.top < view.bottom) found.shown.add(id);
    if (box.top >= view.top && box.bottom <= view.bottom) found.whole.push(id);
  }
  return found;
}

/**
 * Where j/k start when the agent scrolled away from the selection (or has none): the first row in
 * view for j, the last for k, so the keys go on where the agent is looking instead of jumping back.
 * Undefined when any of the selection is in view, it is on its way into view, or the list is not
 * shown.
 */
function rowWhereTheAgentLooks(context: ListKeyContext, step: 1 | -1): number | undefined {
  if (context.focusPending) return undefined;
  const { whole, shown } = rowsInView(context.scroller);
  const selectedId = context.rows[context.index]?.id;
  if (whole.length === 0 || (selectedId !== undefined && shown.has(selectedId))) return undefined;
  const id = step === 1 ? whole[0] : whole.at(-1);
  const index = context.rows.findIndex((row) => row.id === id);
  return index >= 0 ? index : undefined;
}

function move(context: ListKeyContext, step: 1 | -1) {
  const { rows, index, select } = context;
  const current = rows[index];
  const target = rows[index + step];
  const looked = rowWhereTheAgentLooks(context, step);
  if (looked !== undefined) select(rows[looked]!.id);
  else if (!current) {
    if (rows[0]) select(rows[0].id);
  } else if (target) select(target.id);
  else if (step === 1 && context.list.hasNextPage) {
    // Past the last loaded row: load the next page, then move onto its first row.
    select(current.id, true);
    if (!context.list.isFetchingNextPage) context.list.fetchNextPage();
  } else select(current.id);
}

/**
 * The list's shortcuts: j/↓ and k/↑ select, Enter/o open, Esc closes the pane, ? shows the help. Off while
 * typing, with Ctrl/Meta/Alt, inside a dialog, and when another handler already took the key.
 * The arrow keys act only in the list (or with nothing focused), so elsewhere they still scroll.
 */
export function handleListKey(context: ListKeyContext): void {
  const { event, openId } = context;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target : document.body;
  if (isTyping(target) || target.closest('dialog,[aria-modal="true"]')) return;
  // A row that got focus another way (Tab, a click) is where j/k go on from and what o opens.
  // The row focused now, not the event's target: the previous key's focus can land while this key
  // is being dispatched (React runs an effect it deferred before this listener), after the target
  // was fixed, and the target would then make this key select that same row again.
  const focusedNow = document.activeElement ?? target;
  const row = Number(
    focusedNow.closest('[data-conversation-id]')?.getAttribute('data-conversation-id'),
  );
  const focused = context.rows.findIndex(({ id }) => id === row);
  if (focused >= 0 && !context.focusPending) context.index = focused;
  const selectedId = context.rows[context.index]?.id;
  const inList = target === document.body || !!context.scroller?.contains(target);
  const { key } = event;
  if (key === 'j' || (key === 'ArrowDown' && inList)) move(context, 1);
  else if (key === 'k' || (key === 'ArrowUp' && inList)) move(context, -1);
  else if (key === 'o' || (key === 'Enter' && !target.closest('a,button,input,summary,[role]'))) {
    // Enter on a link or button keeps its own meaning (a focused row's link opens it anyway).
    if (selectedId === undefined) return;
    if (selectedId !== openId) context.go(`/conversations/${selectedId}`);
  } else if (key === 'Escape' && context.paneOpen) {
    // An open popover (the header's Menu) takes Esc first: the browser closes it.
    if (document.querySelector(':popover-open')) return;
    context.go('/');
  } else if (key === '?') context.showHelp();
  else if (!pressShortcutButton(key)) return;
  event.preventDefault();
}
