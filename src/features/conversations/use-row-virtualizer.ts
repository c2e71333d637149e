import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useReducer, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { takeOwnScroll } from './own-scroll';
import { PREFETCH_ROWS } from './use-page-on-scroll';
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
  /** More pages are to come below the loaded rows. */
  moreToCome: boolean,
) {
  // Stable until the rows change: a new function would make the virtualizer recompute every
  // row's position (O(rows)) on each render, scroll events included. A new row height makes a new
  // one on purpose: that is what has the positions computed again, in the same render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rowHeight: see above
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows, rowHeight]);
  const [, drawNow] = useReducer((count: number) => count + 1, 0);
  /** The rows in the DOM (the overscan included), as last committed. */
  const drawn = useRef<{ first: number; last: number } | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => rowHeight,
    getItemKey,
    initialOffset,
    overscan: 3,
    // A scroll the rows already drawn cover (the wheel, a trackpad) renders its new window in a
    // task of its own, not inside the scroll event; so does one that reaches the end of the
    // loaded rows while more are to come (an agent following the end: the rows below are still
    // arriving). Drawn inside the event, after a batch of rows had landed in the same frame, they
    // made the list's long tasks while scrolling (17 in 12 scrolls at CPU 4×, none with this;
    // docs/performance.md).
    useFlushSync: false,
    // A jump past the drawn rows (the scrollbar dragged, Page Down, End) and the list's own
    // scrolls (own-scroll.ts: a place brought back, Compact rows, Show n new) are drawn inside
    // their scroll event, as before: no frame shows the new place without its rows.
    onChange: (instance, scrolling) => {
      if (!scrolling) return;
      const own = takeOwnScroll(scrollerRef.current);
      const view = instance.range;
      const covered =
        !view ||
        (drawn.current !== null &&
          drawn.current.first <= view.startIndex &&
          view.endIndex <= drawn.current.last);
      const atLoadingEnd = moreToCome && !!view && view.endIndex >= rows.length - PREFETCH_ROWS;
      if (own || (!covered && !atLoadingEnd)) flushSync(drawNow);
    },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index;
  const last = items.at(-1)?.index;
  useLayoutEffect(() => {
    drawn.current = first === undefined || last === undefined ? null : { first, last };
  }, [first, last]);
  return virtualizer;
}

export type RowVirtualizer = ReturnType<typeof useRowVirtualizer>;
