import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useReducer, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { takeOwnScroll } from './own-scroll';
import type { Conversation } from '../../api/schemas';

/**
 * The window of rows the list draws. Rows have one fixed height (two: compact or not), so nothing
 * is ever measured and the DOM holds the visible rows and a few more however many are loaded.
 */
export function useRowVirtualizer(
  rows: readonly Conversation[],
  scrollerRef: RefObject<HTMLElement | null>,
  initialOffset: number,
  rowHeight: number,
) {
  // Stable until the rows change: a new function would make the virtualizer recompute every
  // row's position (O(rows)) on each render, scroll events included. A new row height makes a new
  // one on purpose: that is what has the positions computed again, in the same render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rowHeight: see above
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows, rowHeight]);
  const [, drawNow] = useReducer((count: number) => count + 1, 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  return useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => rowHeight,
    getItemKey,
    initialOffset,
    overscan: 3,
    // The agent's scrolling: the new window is rendered in a task of its own, not inside the scroll
    // event. Drawn inside it, after a batch of rows had landed in the same frame, it made the
    // list's long tasks while scrolling (17 in 12 scrolls at CPU 4×, 1 with this;
    // docs/performance.md). A fast drag may show the overscan's edge for a frame.
    useFlushSync: false,
    // The list's own scrolls (own-scroll.ts) jump far: drawn inside their scroll event, as before,
    // so no frame shows the new place without its rows.
    onChange: (_, scrolling) => {
      if (scrolling && takeOwnScroll(scrollerRef.current)) flushSync(drawNow);
    },
  });
}

export type RowVirtualizer = ReturnType<typeof useRowVirtualizer>;
