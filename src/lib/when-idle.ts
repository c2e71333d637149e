/**
 * Runs `work` when the main thread is idle (or after `fallbackMs` where the browser has no idle
 * callbacks), so it never competes with what the agent is doing. Returns a cancel function.
 */
export function whenIdle(work: () => void, fallbackMs = 500): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, fallbackMs);
  return () => clearTimeout(timer);
}
