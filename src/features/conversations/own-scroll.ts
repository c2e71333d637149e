/*
 * The list's own scrolls (a place brought back, compact rows on or off, rows merged above the one
 * in view, Esc back to a row far away) are drawn before the frame that shows them is painted: the
 * virtualizer renders their rows inside the scroll event (use-row-virtualizer.ts). The agent's
 * own scrolling is drawn a task later, which keeps its frames short.
 */

const announced = new WeakSet<HTMLElement>();

/** The next scroll of `scroller` is the list's own: its rows are drawn at once. */
export function announceOwnScroll(scroller: HTMLElement): void {
  announced.add(scroller);
  // A scroll to where the list already is fires no event; the announcement lapses with the frame
  // (scroll events come before its animation callbacks).
  requestAnimationFrame(() => announced.delete(scroller));
}

/** Scrolls the list itself to `top`, its rows drawn before the frame is painted. */
export function scrollListTo(scroller: HTMLElement, top: number): void {
  announceOwnScroll(scroller);
  scroller.scrollTop = top;
}

/** Whether this scroll is the list's own (once per announcement). */
export function takeOwnScroll(scroller: HTMLElement | null): boolean {
  return scroller !== null && announced.delete(scroller);
}
