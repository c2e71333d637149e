import { useLayoutEffect, useState, type RefObject } from 'react';
import { useHandOver } from '../../lib/hand-over';
import { scrollListTo } from './own-scroll';

/*
 * What the list takes over from the rows drawn before React started (src/boot/first-paint.ts),
 * kept in one place: the scroll position and the keys pressed there. The first page itself
 * reaches the query cache before the first render (app/take-over-first-page.ts).
 */

/** Where the agent had scrolled the first paint's rows; the list starts there, once. */
export function useFirstPaintScrollTop(scrollerRef: RefObject<HTMLElement | null>): number {
  const handOver = useHandOver();
  const [startOffset] = useState(handOver.scrollTop);
  useLayoutEffect(() => {
    handOver.forgetScrollTop();
    if (startOffset > 0 && scrollerRef.current) scrollListTo(scrollerRef.current, startOffset);
  }, [handOver, startOffset, scrollerRef]);
  return startOffset;
}

/** Takes (once) the keys pressed on the first paint's rows, in order. */
export function useFirstPaintKeys(): () => KeyboardEvent[] {
  return useHandOver().takeKeys;
}
