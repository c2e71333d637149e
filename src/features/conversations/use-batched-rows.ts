import { useEffect, useRef, useState } from 'react';
import type { Conversation } from '../../api/schemas';

/** While pages land back to back, the list draws new rows at most this often… */
export const SHOW_EVERY_MS = 250;
/**
 * …and at most this often while they land faster than a row a millisecond: a fast service, where
 * the main thread sets the pace, not the network. Each drawing costs a new window of rows and a
 * layout of the taller list (50–70 ms at CPU 4×), which the responses queued behind it wait for:
 * at CPU 4× scrolling 10,000 conversations to the end took 5.4 s drawn every 250 ms, 4.3 s with
 * this (docs/performance.md).
 */
export const SHOW_FAST_EVERY_MS = 1000;

/** `next` is `shown` with rows added at the end (createUniqueRows keeps the rows it had). */
function grows(shown: readonly Conversation[], next: readonly Conversation[]): boolean {
  return (
    next.length >= shown.length &&
    next[0] === shown[0] &&
    next[shown.length - 1] === shown[shown.length - 1]
  );
}

/**
 * The rows the list draws. Pages that land while the next one is already on its way (an agent
 * following the end) are drawn in batches, in an animation frame at most every SHOW_EVERY_MS
 * (SHOW_FAST_EVERY_MS while they pour in): each batch costs a layout of a taller list and, as the
 * agent keeps up, a new window of rows, which drawn per page would hold up the responses queued
 * behind them on the main thread.
 * Anything else (the last page, a failure, merged or refetched rows) is drawn at once.
 *
 * `landed` gives the rows landed by now (a stable function). While the agent follows the end the
 * list is not told of each page (use-conversation-list.ts), so `loaded`, read at its last render,
 * is behind: each frame asks what has landed, and a batch due draws that.
 */
export function useBatchedRows(
  loaded: readonly Conversation[],
  nextPageOnItsWay: boolean,
  landed: () => { rows: readonly Conversation[] },
): readonly Conversation[] {
  const [batch, setBatch] = useState(loaded);
  const hold = nextPageOnItsWay && grows(batch, loaded);
  if (!hold && batch !== loaded) setBatch(loaded);
  const shown = hold ? batch : loaded;

  const shownAt = useRef(-Infinity);
  useEffect(() => {
    if (!hold) shownAt.current = performance.now();
  }, [hold, loaded]);
  useEffect(() => {
    if (!hold) return;
    let frame = 0;
    const show = (now: number) => {
      const { rows } = landed();
      const waited = now - shownAt.current;
      const fast = rows.length - batch.length >= waited;
      if (rows === batch || waited < (fast ? SHOW_FAST_EVERY_MS : SHOW_EVERY_MS)) {
        frame = requestAnimationFrame(show);
        return;
      }
      shownAt.current = now;
      setBatch(rows);
    };
    frame = requestAnimationFrame(show);
    return () => cancelAnimationFrame(frame);
  }, [hold, batch, landed]);
  return shown;
}
