import {
  startTransition,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Conversation } from '../../api/schemas';
import { handleListKey, isTyping, type ListKeyContext } from './list-keys';
import { announceOwnScroll } from './own-scroll';
import type { ShortcutHelpHandle } from './shortcut-help';
import { useFirstPaintKeys } from './use-first-paint-hand-over';

/**
 * The keyboard selection: an id, plus `after` while it waits for the next page. j/k work on the
 * loaded rows (the data), not on the rendered ones, so j on the last loaded row loads the next
 * page and then moves on to its first row.
 */
interface Selection {
  id: number;
  after?: boolean | undefined;
}

interface ListKeyboardOptions {
  rows: readonly Conversation[];
  /** The conversation open in the pane, if any. */
  openId: number | undefined;
  /** The list's query: whether a next page exists or is loading, and how to load it. */
  list: ListKeyContext['list'];
  virtualizer: { scrollToIndex: (index: number) => void };
  scrollerRef: RefObject<HTMLElement | null>;
  /** The "Keyboard shortcuts" help, which ? shows. */
  helpRef: RefObject<ShortcutHelpHandle | null>;
}

/**
 * The list's keyboard shortcuts (see list-keys.ts) and what they select. The selected row gets
 * real DOM focus once rendered (the virtualizer scrolls it into view), which is also what screen
 * readers follow. Closing the pane gives focus back to that conversation's row.
 */
export function useListKeyboard({
  rows,
  openId,
  list,
  virtualizer,
  scrollerRef,
  helpRef,
}: ListKeyboardOptions) {
  const navigate = useNavigate();
  const takeFirstPaintKeys = useFirstPaintKeys();
  const { search, pathname } = useLocation();
  const [selection, setSelection] = useState<Selection | null>(null);
  // Opening a conversation (by any means) selects it; closing it keeps the selection, which is
  // still that conversation unless j/k moved on from the pane.
  const [seenOpenId, setSeenOpenId] = useState(openId);
  if (seenOpenId !== openId) {
    setSeenOpenId(openId);
    if (openId !== undefined || !selection) setSelection({ id: openId ?? seenOpenId! });
  }

  let index = selection ? rows.findIndex((row) => row.id === selection.id) : -1;
  const waiting = !!selection?.after && index === rows.length - 1;
  if (selection?.after && !waiting) index += 1;
  const selectedId = rows[index]?.id;

  /**
   * Set by a key to the selection it made: scroll that row into view and focus it once rendered.
   * The selection itself, not a flag: React may run the effect of an earlier render (whose
   * selection is the previous row) before it renders this one, and that effect must not take the
   * request (in Firefox it did, about 1 run in 5 of 30 j's, and the next j then started from the
   * row still focused).
   */
  const wantFocus = useRef<Selection | null>(null);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const context: ListKeyContext = {
      event,
      rows,
      index,
      // Only while the selection is still the one asked for: opening a conversation replaces it.
      focusPending: !!selection && wantFocus.current === selection,
      openId,
      // Or already in the address bar: a conversation opened a moment ago is still rendering (a
      // transition) and Esc must close it, not wait for it (o then Esc lost the Esc 3 times in 20).
      paneOpen: pathname !== '/' || window.location.pathname !== '/',
      list,
      scroller: scrollerRef.current,
      select: (id, after) => {
        const next = { id, after };
        wantFocus.current = next;
        setSelection(next);
      },
      // Opening or closing the pane renders a lot: in a transition the key is painted first.
      go: (path) => startTransition(() => void navigate(path + search)),
      showHelp: () => helpRef.current?.show(),
    };
    handleListKey(context);
  });

  // A layout effect: listening from the commit that shows the list, not a frame later, so a key
  // pressed as soon as the rows appear is not lost.
  useLayoutEffect(() => {
    // Keys pressed on the rows drawn before React started, in order, each one rendered before
    // the next (flushSync), so "j j Enter" opens the second conversation.
    const replay = setTimeout(() => {
      for (const event of takeFirstPaintKeys()) flushSync(() => onKeyDown(event));
    });
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => {
      clearTimeout(replay);
      document.removeEventListener('keydown', listener);
    };
  }, [takeFirstPaintKeys]);

  // A closed pane takes its focus with it: give it back to that conversation's row.
  const lastOpenId = useRef(openId);
  useEffect(() => {
    // Focus lost: on nothing, or on the body.
    if (
      lastOpenId.current !== undefined &&
      openId === undefined &&
      !document.activeElement?.closest('body *')
    ) {
      wantFocus.current = selection;
    }
    lastOpenId.current = openId;
  }, [openId, selection]);

  // After every render: scroll to the selected row once (repeated scroll commands would fight
  // each other), then focus it in whichever render first has it.
  const scrolledTo = useRef(-1);
  useEffect(() => {
    if (wantFocus.current !== selection || waiting || selectedId === undefined) return;
    const scroller = scrollerRef.current;
    const find = () =>
      scroller?.querySelector<HTMLElement>(`[data-conversation-id="${selectedId}"]`);
    // A row already in view is only focused: asking the virtualizer to scroll to it moves nothing
    // but still re-renders the whole list, twice per key (a profile of j at CPU 4×).
    const box = find()?.getBoundingClientRect();
    const view = scroller?.getBoundingClientRect();
    const shown = box && box.top >= view!.top && box.bottom <= view!.bottom;
    if (scrolledTo.current !== index && !shown) {
      if (scroller) announceOwnScroll(scroller);
      virtualizer.scrollToIndex((scrolledTo.current = index));
    }
    const row = find();
    if (row) {
      wantFocus.current = null;
      scrolledTo.current = -1;
      // Unless the agent has turned to a field while the row was on its way (j waiting for the next
      // page, then the finder): what they type there must not become shortcuts.
      if (!isTyping(document.activeElement)) row.focus({ preventScroll: true });
    }
  });

  // A remembered selection (list-place.ts) does not replace one the agent has made.
  const [restoreSelection] = useState(
    () => (id: number) => setSelection((current) => current ?? { id }),
  );
  // What the filter's place remembers: the selection even while the finder hides its row.
  const keptSelectionId = selectedId ?? selection?.id;
  return { selectedId, keptSelectionId, restoreSelection };
}
