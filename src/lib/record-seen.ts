import { notify, readMarks, store } from './seen-marks';
import { toMillis } from './time';

/*
 * Recording what the agent opened (lib/seen-marks.ts holds the marks). Apart from the store so
 * that it loads with the pane, on demand, not with the first screen.
 */

/** Ids remembered per service; the least recently recorded are dropped first. */
export const SEEN_CAP = 5000;

function setSeen(serviceUrl: string, id: number, time: number) {
  const { since, seen } = readMarks(serviceUrl);
  const next = new Map(seen);
  // Re-inserted at the end: the cap drops the least recently recorded.
  next.delete(id);
  next.set(id, time);
  for (const oldest of next.keys()) {
    if (next.size <= SEEN_CAP) break;
    next.delete(oldest);
  }
  store(serviceUrl, { since, seen: next });
  notify();
}

/**
 * The agent opened the conversation: seen up to now, and at least up to its own updatedAt when
 * known, so a service clock ahead of the browser's does not leave it New.
 */
export function recordOpened(serviceUrl: string, id: number, updatedAt?: number): void {
  setSeen(serviceUrl, id, Math.max(Date.now(), updatedAt === undefined ? 0 : toMillis(updatedAt)));
}

/** New again until it is next opened. */
export function markUnread(serviceUrl: string, id: number): void {
  setSeen(serviceUrl, id, 0);
}
