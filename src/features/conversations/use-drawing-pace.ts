import type { InfiniteQueryObserverResult } from '@tanstack/react-query';
import { useLayoutEffect, useReducer, useState } from 'react';

/** While pages land back to back, the list is drawn at most this often. */
export const DRAW_EVERY_MS = 250;

type ResultKey = keyof InfiniteQueryObserverResult;

/** What reaches the list at once even while its drawing waits: a failure. */
const TOLD_AT_ONCE: ResultKey[] = ['error', 'isFetchNextPageError'];

export interface DrawingPace {
  /** For the list query's observer (`notifyOnChangeProps`): which changes draw the list now. */
  notifyOnChangeProps: () => 'all' | ResultKey[];
  /** Set by the paging (use-page-on-scroll.ts): the agent follows the end, pages land back to back. */
  setFollowing: (following: boolean) => void;
  /** Draws what has landed without waiting: paging has stopped until the agent's view moves on. */
  drawNow: () => void;
}

/**
 * How often the list is drawn while the agent follows its end. Each page that lands would
 * otherwise draw the whole list two or three times (the request starting, its rows, the next
 * request), which on a slow laptop costs the main thread more than reading the page, and holds up
 * the responses queued behind it. While following, a page that lands within DRAW_EVERY_MS of the
 * last drawing is not told to the list (only a failure is); the list is drawn once that time is up,
 * with every row landed by then. Anything else (the first page, the last one after a pause, a
 * refetch, the agent's own scrolling) is drawn at once, as React Query tells it.
 */
export function useDrawingPace(): DrawingPace {
  const [, draw] = useReducer((count: number) => count + 1, 0);
  const [pace] = useState(() => {
    let following = false;
    let drawnAt = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    return {
      drawn: () => {
        drawnAt = performance.now();
        clearTimeout(timer);
        timer = undefined;
      },
      stop: () => clearTimeout(timer),
      setFollowing: (on: boolean) => {
        following = on;
      },
      drawNow: () => {
        if (timer === undefined) return;
        clearTimeout(timer);
        timer = undefined;
        draw();
      },
      notifyOnChangeProps: (): 'all' | ResultKey[] => {
        const since = performance.now() - drawnAt;
        if (!following || since >= DRAW_EVERY_MS) return 'all';
        timer ??= setTimeout(draw, DRAW_EVERY_MS - since);
        return TOLD_AT_ONCE;
      },
    };
  });
  // Every drawing of the list (a page, the agent's scrolling) shows every row landed so far.
  useLayoutEffect(() => pace.drawn());
  useLayoutEffect(() => pace.stop, [pace]);
  return pace;
}
