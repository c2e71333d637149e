export interface StallWatch {
  /** Bytes (or any sign of life) arrived: start the countdown again, `graceMs` longer this once. */
  touch: (graceMs?: number) => void;
  stop: () => void;
}

/** Calls `onStall` once when `touch` has not been called for `timeoutMs`. */
export function watchForStall(timeoutMs: number, onStall: () => void): StallWatch {
  let stopped = false;
  let timer = setTimeout(fire, timeoutMs);
  function fire() {
    if (stopped) return;
    stopped = true;
    onStall();
  }
  return {
    touch(graceMs = 0) {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(fire, timeoutMs + graceMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
