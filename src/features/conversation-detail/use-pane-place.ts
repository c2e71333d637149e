import { useEffect, useRef, useState, type RefObject } from 'react';
import { AGENT_INPUTS, placeStore } from '../../lib/place-store';
import { useSession } from '../../lib/session-context';

/** What the agent does that ends restoring: their own scrolling wins. */
/** What scrolls the pane: the pane itself, or (stacked under the list) the column holding both. */
function scrollerOf(pane: HTMLElement): HTMLElement {
  const parent = pane.parentElement;
  return getComputedStyle(pane).overflowY === 'visible' && parent ? parent : pane;
}

interface PaneMessages {
  /** The first messages are here (or failed): there is something to scroll. */
  ready: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
}

/**
 * Keeps a conversation's scroll position in the pane (placeStore, per tab): saved as the agent
 * scrolls and when the pane goes, put back when it is opened again (Back/Forward, reopening, a
 * reload). A position deeper than the messages loaded is reached as the message list's own
 * "load more" pages on; any input of the agent's meanwhile ends restoring.
 */
export function usePanePlace(
  paneRef: RefObject<HTMLElement | null>,
  conversationId: number,
  { ready, hasNextPage, isFetchingNextPage }: PaneMessages,
): void {
  const { serviceUrl } = useSession();
  const [target] = useState(() => placeStore.pane(serviceUrl, conversationId));
  const pending = useRef(target !== undefined && target > 0);

  // After the pane has taken focus (its heading, which may scroll it), in the next frame.
  useEffect(() => {
    const pane = paneRef.current;
    if (!pending.current || !ready || !pane || target === undefined) return;
    const frame = requestAnimationFrame(() => {
      const scroller = scrollerOf(pane);
      scroller.scrollTop = target;
      if (Math.abs(scroller.scrollTop - target) <= 1 || (!hasNextPage && !isFetchingNextPage)) {
        pending.current = false;
      }
    });
    return () => cancelAnimationFrame(frame);
  });

  useEffect(() => {
    const pane = paneRef.current;
    if (!pane) return;
    const scroller = scrollerOf(pane);
    let top = scroller.scrollTop;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      pending.current = false;
    };
    const save = () => {
      clearTimeout(timer);
      if (!pending.current) placeStore.savePane(serviceUrl, conversationId, top);
    };
    const later = () => {
      top = scroller.scrollTop;
      clearTimeout(timer);
      timer = setTimeout(save, 200);
    };
    for (const input of AGENT_INPUTS) scroller.addEventListener(input, stop, { passive: true });
    scroller.addEventListener('scroll', later, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      for (const input of AGENT_INPUTS) scroller.removeEventListener(input, stop);
      scroller.removeEventListener('scroll', later);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [paneRef, serviceUrl, conversationId]);
}
