import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { Conversation } from '../../api/schemas';
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
): () => void {
  const anchor = useRef<{ id: number; offset: number } | null>(null);
  useLayoutEffect(() => {
    const target = anchor.current;
    const scroller = scrollerRef.current;
    if (!target || !scroller) return;
    anchor.current = null;
    const index = rows.findIndex((row) => row.id === target.id);
    if (index >= 0 && scroller.scrollTop > 0) {
      scroller.scrollTop = index * rowHeight - target.offset;
    }
  }, [rows, scrollerRef, rowHeight]);

  return () => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const first = virtualizer.getVirtualItems().find((item) => item.end > scroller.scrollTop);
    const row = first ? rows[first.index] : undefined;
    if (first && row) anchor.current = { id: row.id, offset: first.start - scroller.scrollTop };
  };
}
