/**
 * What the agent does that means they have turned to something else. Not scrolling: it takes no
 * focus, and a free-spinning wheel goes on after a click.
 */
const AGENT_MOVES = ['keydown', 'pointerdown'] as const;

/** Keys that are part of a press rather than a press of their own (the Shift of `?`). */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta']);

/**
 * What `loading` resolves to, or undefined when the agent pressed a key or a pointer while it
 * was on its way: a dialog whose code arrives after the agent has turned to something else
 * (typing in the finder, opening a conversation) must not take the focus from it. Its key or
 * button opens it at once the next time, its code being in.
 */
export function unlessMovedOn<T>(loading: Promise<T>): Promise<T | undefined> {
  let moved = false;
  // A key held down (its repeats) is still the press that asked for it.
  const move = (event: Event) => {
    const { repeat, key } = event as KeyboardEvent;
    if (!repeat && !MODIFIERS.has(key)) moved = true;
  };
  const listen = (on: boolean) => {
    for (const type of AGENT_MOVES) {
      if (on) window.addEventListener(type, move, { capture: true, passive: true });
      else window.removeEventListener(type, move, { capture: true });
    }
  };
  listen(true);
  return loading.then(
    (value) => {
      listen(false);
      return moved ? undefined : value;
    },
    (error: unknown) => {
      listen(false);
      throw error;
    },
  );
}
