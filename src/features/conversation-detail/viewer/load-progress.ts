import { useCallback, useSyncExternalStore } from 'react';

export interface LoadProgress {
  received: number;
  /** The declared Content-Length, if any. */
  total: number | undefined;
}

/** Reported at most every this many bytes: a status line, not a re-render per chunk. */
const STEP_BYTES = 256 * 1024;

const loads = new Map<string, LoadProgress>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/**
 * How far the viewer's read of `url` has come, for its "Loading … 12 MB of 40 MB" line; `done`
 * forgets it. Kept outside the query (whose data is only the finished file).
 */
export function reportProgress(url: string, received: number, total: number | undefined) {
  const last = loads.get(url);
  if (last && received - last.received < STEP_BYTES && received !== total) return;
  loads.set(url, { received, total });
  notify();
}

export function progressDone(url: string) {
  if (loads.delete(url)) notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadProgress(url: string): LoadProgress | undefined {
  const read = useCallback(() => loads.get(url), [url]);
  return useSyncExternalStore(subscribe, read);
}
