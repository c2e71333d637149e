import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { ListPlaceOptions, ListState } from './list-place';

type ListPlaceCode = typeof import('./list-place');
type Keeper = ReturnType<ListPlaceCode['keepListPlace']>;

/** The place-keeping code once it has arrived (a failed import is tried again by the next list). */
let loaded: ListPlaceCode | undefined;

/**
 * Keeps the list's place per filter (list-place.ts, loaded on demand: the first load's budget).
 * The page's first list starts keeping it when that code arrives; a list mounted later (another
 * filter, Back) has it at once, so its place is back before its first frame is painted. The
 * options are read once, when the scroller is first drawn.
 */
export function useListPlace(
  scrollerRef: RefObject<HTMLElement | null>,
  state: ListState,
  options: Omit<ListPlaceOptions, 'scroller' | 'state'>,
): void {
  const latest = useRef(state);
  // false: not started; true: its code is on its way, or the list has gone.
  const keeper = useRef<Keeper | boolean>(false);
  // First, so that a list mounted again (React's StrictMode does it once in development) starts
  // keeping its place again in the effect below; gone, it stops and lets a late import start
  // nothing.
  useLayoutEffect(() => {
    keeper.current = false;
    return () => {
      if (typeof keeper.current === 'object') keeper.current.stop();
      keeper.current = true;
    };
  }, []);
  useLayoutEffect(() => {
    latest.current = state;
    const scroller = scrollerRef.current;
    if (typeof keeper.current === 'object') keeper.current.update();
    else if (!keeper.current && scroller) {
      keeper.current = true;
      const start = (code: ListPlaceCode) => {
        if (keeper.current !== true || !scroller.isConnected) return;
        keeper.current = code.keepListPlace({ ...options, scroller, state: () => latest.current });
        keeper.current.update();
      };
      if (loaded) start(loaded);
      else
        import('./list-place').then(
          (code) => start((loaded = code)),
          () => undefined,
        );
    }
  });
}
