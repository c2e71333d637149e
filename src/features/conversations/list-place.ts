import { AGENT_INPUTS, placeStore } from '../../lib/place-store';
import { scrollListTo } from './own-scroll';

/*
 * Keeps the list's place (lib/place-store.ts): the first visible conversation (id and pixel
 * offset) and the keyboard selection, per filter. Plain code with no React in it, loaded on
 * demand (use-list-place.ts): the first load's budget. See docs/keeping-your-place.md.
 */

/** Rows drawn beyond the view (the virtualizer's overscan) and one for a part-shown row. */
const BEYOND_VIEW = 4;
/** How much further than its old index the remembered first row is looked for (new rows above). */
const LOOK_FURTHER = 100;
/** What the agent does that ends restoring: their own scrolling wins. */
/** What the list is now: read after each of its renders. */
export interface ListState {
  /** The rows drawn. */
  rows: readonly { id: number }[];
  rowHeight: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => unknown;
  /** How many rows before the end the list pages on by itself (use-page-on-scroll.ts). */
  prefetchRows: number;
  /** The keyboard selection. */
  selectedId: number | undefined;
}

export interface ListPlaceOptions {
  scroller: HTMLElement;
  serviceUrl: string;
  /** The status filter: each one has a place of its own. */
  filterKey: string;
  /** Only the selection: the agent scrolled the first paint's rows, and that place wins. */
  selectionOnly: boolean;
  state: () => ListState;
  /** Selects this row unless the agent has selected one already. */
  restoreSelection: (id: number) => void;
}

/**
 * Brings back the remembered place: at once if that conversation is among the rows here (cached
 * pages, the first page), otherwise by paging on through the list's own fetchNextPage only as far
 * as the place needs, then scrolling there once; any input of the agent's meanwhile ends it. Then
 * saves the place as the agent scrolls or selects, and when the list goes (`stop`).
 * `update` is called after each render of the list, before it is painted.
 *
 * @public read from the module use-list-place.ts imports, which knip cannot follow
 */
export function keepListPlace({
  scroller,
  serviceUrl,
  filterKey,
  selectionOnly,
  state,
  restoreSelection,
}: ListPlaceOptions) {
  const remembered = placeStore.list(serviceUrl, filterKey);
  if (remembered?.selectedId !== undefined) restoreSelection(remembered.selectedId);
  let pending = selectionOnly ? undefined : remembered;
  let top = scroller.scrollTop;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let savedSelection = state().selectedId;
  let height = state().rowHeight;

  const stopRestoring = () => {
    pending = undefined;
    for (const input of AGENT_INPUTS) scroller.removeEventListener(input, stopRestoring);
    document.removeEventListener('keydown', stopRestoring);
  };
  for (const input of AGENT_INPUTS)
    scroller.addEventListener(input, stopRestoring, { passive: true });
  document.addEventListener('keydown', stopRestoring);

  const restore = () => {
    const place = pending;
    if (!place) return;
    const { rows, rowHeight, hasNextPage, prefetchRows } = state();
    const found = rows.findIndex((row) => row.id === place.anchorId);
    // Gone from where it was (closed, moved): its old index will do once that far is loaded.
    const index =
      found >= 0
        ? found
        : !hasNextPage || rows.length > place.index + LOOK_FURTHER
          ? Math.min(place.index, rows.length - 1)
          : -1;
    // Enough rows below the view that the list does not page on by itself at once (and follow
    // the end), which would load far more than the place needs.
    const needed =
      index + Math.ceil(scroller.clientHeight / rowHeight) + prefetchRows + BEYOND_VIEW;
    if (index >= 0 && (!hasNextPage || rows.length >= needed)) {
      stopRestoring();
      scrollListTo(
        scroller,
        index * rowHeight + (found >= 0 ? Math.min(place.offset, rowHeight - 1) : 0),
      );
      return;
    }
    const list = state();
    if (hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError) {
      void list.fetchNextPage({ cancelRefetch: false });
    }
  };

  // From the scroll position last seen: a list being removed has already left the page.
  const save = () => {
    clearTimeout(timer);
    const { rows, rowHeight, selectedId } = state();
    // Not while restoring: the place is still the one remembered.
    if (pending || rows.length === 0) return;
    const index = Math.max(0, Math.min(Math.floor(top / rowHeight), rows.length - 1));
    placeStore.saveList(serviceUrl, filterKey, {
      anchorId: rows[index]!.id,
      offset: Math.max(0, top - index * rowHeight),
      index,
      selectedId,
    });
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 200);
  };
  // Read in the scroll event, where the layout is fresh: read after a render (a new selection),
  // scrollTop forced the browser to lay the list out again in the middle of React's commit,
  // which cost more than the rest of opening a conversation (a profile at CPU 4×). Capturing: at
  // the scroller itself that runs before the virtualizer's listener, which may draw the new rows
  // inside the event (a jump), so the read never lays them out on the spot.
  const onScroll = () => {
    top = scroller.scrollTop;
    saveSoon();
  };
  const listening = { passive: true, capture: true };
  scroller.addEventListener('scroll', onScroll, listening);
  window.addEventListener('pagehide', save);

  return {
    update: () => {
      // Compact rows on or off: the row at the top of the view stays there (its part scrolled
      // past scaled), from where the agent was last seen (the shorter list may have cut it).
      const { rowHeight } = state();
      if (rowHeight !== height) {
        const index = Math.floor(top / height);
        scrollListTo(scroller, index * rowHeight + ((top - index * height) * rowHeight) / height);
        height = rowHeight;
      }
      restore();
      const { selectedId } = state();
      // A new selection is saved too (a reload may follow it directly).
      if (selectedId !== savedSelection) {
        savedSelection = selectedId;
        saveSoon();
      }
    },
    stop: () => {
      // Still in the page (the list going, or React's StrictMode trying a second mount in
      // development): where it is now. A place still being restored stays the one remembered.
      if (scroller.isConnected) top = scroller.scrollTop;
      save();
      stopRestoring();
      scroller.removeEventListener('scroll', onScroll, listening);
      window.removeEventListener('pagehide', save);
    },
  };
}
