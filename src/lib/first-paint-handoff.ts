/*
 * What the agent did to the first-paint inbox (src/app/first-paint.ts) before
 * React took over: how far they scrolled the list and which keys they pressed.
 * The React list starts at the same place and replays the keys, so taking
 * over never loses the agent's place or a shortcut.
 */
let scrollTop = 0;
let keys: KeyboardEvent[] = [];

export function rememberFirstPaintScroll(top: number): void {
  scrollTop = top;
}

export function rememberFirstPaintKey(event: KeyboardEvent): void {
  keys.push(event);
}

/** The position to start the list at (0 when there was no first paint). */
export function firstPaintScroll(): number {
  return scrollTop;
}

/** The list has started there: later lists start at the top. */
export function forgetFirstPaintScroll(): void {
  scrollTop = 0;
}

/** Once: the keys pressed before React started, in order. */
export function takeFirstPaintKeys(): KeyboardEvent[] {
  const taken = keys;
  keys = [];
  return taken;
}
