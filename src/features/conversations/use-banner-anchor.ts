import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { Conversation } from '../../api/schemas';
import { scrollListTo } from './own-scroll';
import type { RowVirtualizer } from './use-row-virtualizer';

/**
 * Keeps the row the agent is looking at in place when fresh rows are merged above it: call the
 * returned function just before merging; the next rows put that row back where it was.
 */
export function useBannerAnchor(
  rows: readonly Conversation[],
  scrollerRef: RefObject<HTMLElement | null>,
  virtualizer: RowVirtualizer,
  rowHeight: number,
): (focus: boolean) => void {
  const anchor = useRef<{ id: number; offset: number; focus: boolean } | null>(null);
  useLayoutEffect(() => {
    const target = anchor.current;
    const scroller = scrollerRef.current;
    if (!target || !scroller) return;
    anchor.current = null;
    const index = rows.findIndex((row) => row.id === target.id);
    const kept = index >= 0 && scroller.scrollTop > 0;
    if (kept) scrollListTo(scroller, index * rowHeight - target.offset);
    if (!target.focus) return;
    // The banner had the focus and is gone: the row the agent was reading takes it (at the top of
    // the list, the first of the new ones), once the virtualizer has drawn it for the new place.
    const id = kept ? target.id : rows[0]?.id;
    const frame = requestAnimationFrame(() =>
      scroller.querySelector<HTMLElement>(`[data-conversation-id="${id}"]`)?.focus({
        preventScroll: true,
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [rows, scrollerRef, rowHeight]);

  /** Before the merge: `focus` when the banner, about to go, has the focus. */
  return (focus: boolean) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const first = virtualizer.getVirtualItems().find((item) => item.end > scroller.scrollTop);
    const row = first ? rows[first.index] : undefined;
    if (first && row) {
      anchor.current = { id: row.id, offset: first.start - scroller.scrollTop, focus };
    }
  };
}
