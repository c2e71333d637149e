import type { Conversation } from '../api/schemas';
import { toMillis } from './time';

/*
 * "New to you": which conversations this agent has opened on this browser, and when, per service
 * URL. A conversation is New when its updatedAt is later than that; one never opened counts as
 * seen up to the moment this browser first signed in to the service, so a first sign-in marks
 * none of the backlog.
 *
 * Kept in localStorage (one key per service URL) because its `storage` event tells the other
 * open tabs at once, for free; it holds only conversation ids with a time and the first sign-in
 * time, never the token. Where storage is unavailable, corrupt or full, the marks live in this
 * tab's memory only: nothing is shown per row, nothing throws. This module is in the first paint's
 * code (it draws the marks), so it is kept small and free of React: the hook is in new-to-you.ts,
 * and recording (only the pane does it, loaded on demand) in record-seen.ts.
 */

const PREFIX = 'threadline.seen ';

export interface Marks {
  /** When this browser first signed in to the service (ms): the never-opened are seen up to it. */
  readonly since: number;
  /** Conversation id -> seen up to (ms), oldest recorded first; 0 = marked as unread. */
  readonly seen: ReadonlyMap<number, number>;
}

const cache = new Map<string, Marks>();
const listeners = new Set<() => void>();

export const seenKey = (serviceUrl: string) => PREFIX + serviceUrl;

const isTime = (value: unknown): value is number => Number.isFinite(value) && Number(value) >= 0;

/** Foreign or corrupt data reads as nothing remembered (or as the entries that make sense). */
function parse(raw: string | null): Marks | undefined {
  try {
    // Nothing stored, null or a number: destructuring throws or finds no `since`.
    const { since, seen } = JSON.parse(String(raw)) as { since?: unknown; seen?: unknown };
    if (!isTime(since)) return;
    const map = new Map<number, number>();
    if (Array.isArray(seen))
      for (const entry of seen as ([unknown, unknown] | null)[])
        if (Number.isSafeInteger(entry?.[0]) && isTime(entry?.[1]))
          map.set(Number(entry?.[0]), entry?.[1]);
    return { since, seen: map };
  } catch {
    return;
  }
}

export const notify = () => listeners.forEach((listener) => listener());

/** Stores the marks (no notice: the first read happens while rendering). */
export function store(serviceUrl: string, marks: Marks) {
  cache.set(serviceUrl, marks);
  try {
    localStorage.setItem(
      seenKey(serviceUrl),
      JSON.stringify({ since: marks.since, seen: [...marks.seen] }),
    );
  } catch {
    // Unavailable or full: this tab keeps the marks in memory.
  }
}

/** The marks for a service; the first read on a browser that has none is its first sign-in. */
export function readMarks(serviceUrl: string): Marks {
  let marks = cache.get(serviceUrl);
  if (!marks) {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(seenKey(serviceUrl));
    } catch {
      // Unavailable: memory only.
    }
    marks = parse(raw);
    if (marks) cache.set(serviceUrl, marks);
    else store(serviceUrl, (marks = { since: Date.now(), seen: new Map() }));
  }
  return marks;
}

export function isNewIn(marks: Marks, conversation: Conversation): boolean {
  return toMillis(conversation.updatedAt) > (marks.seen.get(conversation.id) ?? marks.since);
}

/** Predicate for the first paint, which has no React. */
export const newToYou = (serviceUrl: string) => {
  const marks = readMarks(serviceUrl);
  return (conversation: Conversation) => isNewIn(marks, conversation);
};

/** Forgets everything remembered for the service: its key is removed. */
export function forgetMarks(serviceUrl: string): void {
  cache.delete(serviceUrl);
  try {
    localStorage.removeItem(seenKey(serviceUrl));
  } catch {
    // Nothing stored then.
  }
  notify();
}

/** Another tab changed the marks: read them again. */
function onStorage(event: StorageEvent) {
  if (event.key !== null && !event.key.startsWith(PREFIX)) return;
  if (event.key === null) cache.clear();
  else cache.delete(event.key.slice(PREFIX.length));
  notify();
}

export function subscribeMarks(listener: () => void): () => void {
  // Added once and kept: one listener for the page's life costs nothing.
  window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => listeners.delete(listener);
}
