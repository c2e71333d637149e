/** What the agent does that means they have turned to something else. */
const AGENT_MOVES = ['keydown', 'pointerdown', 'wheel'] as const;

/**
 * What `loading` resolves to, or undefined when the agent pressed a key, a pointer or scrolled
 * while it was on its way: a dialog whose code arrives after the agent has turned to something
 * else (typing in the finder, opening a conversation) must not take the focus from it. Its key
 * or button opens it at once the next time, its code being in.
 */
export function unlessMovedOn<T>(loading: Promise<T>): Promise<T | undefined> {
  let moved = false;
  // A key held down (its repeats) is still the press that asked for it.
  const move = (event: Event) => {
    if (!(event as KeyboardEvent).repeat) moved = true;
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
