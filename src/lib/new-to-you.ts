import { useMemo, useSyncExternalStore } from 'react';
import type { Conversation } from '../api/schemas';
import { useSessionContext } from './session-context';
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
 * tab's memory only: nothing is shown per row, nothing throws. This module is in the first load
 * (the first paint draws the marks), so it is kept small.
 */

const PREFIX = 'threadline.seen ';
/** Ids remembered per service; the least recently recorded are dropped first. */
export const SEEN_CAP = 5000;

export interface Marks {
  /** When this browser first signed in to the service (ms): the never-opened are seen up to it. */
  readonly since: number;
  /** Conversation id -> seen up to (ms), oldest recorded first; 0 = marked as unread. */
  readonly seen: ReadonlyMap<number, number>;
}

const cache = new Map<string, Marks>();
const listeners = new Set<() => void>();

export const seenKey = (serviceUrl: string) => PREFIX + serviceUrl;

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** Foreign or corrupt data reads as nothing remembered (or as the entries that make sense). */
function parse(raw: string | null): Marks | null {
  try {
    const data: unknown = raw && JSON.parse(raw);
    if (!data || typeof data !== 'object') return null;
    const { since, seen } = data as { since?: unknown; seen?: unknown };
    if (!isTime(since)) return null;
    const map = new Map<number, number>();
    if (Array.isArray(seen))
      for (const entry of seen as unknown[])
        if (Array.isArray(entry) && Number.isSafeInteger(entry[0]) && isTime(entry[1]))
          map.set(entry[0] as number, entry[1]);
    return { since, seen: map };
  } catch {
    return null;
  }
}

const notify = () => listeners.forEach((listener) => listener());

/** Stores the marks (no notice: the first read happens while rendering). */
function store(serviceUrl: string, marks: Marks) {
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
    marks = parse(raw) ?? undefined;
    if (marks) cache.set(serviceUrl, marks);
    else store(serviceUrl, (marks = { since: Date.now(), seen: new Map() }));
  }
  return marks;
}

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

export function isNewIn(marks: Marks, conversation: Conversation): boolean {
  return toMillis(conversation.updatedAt) > (marks.seen.get(conversation.id) ?? marks.since);
}

/** Predicate for the first paint, which has no React. */
export const newToYou = (serviceUrl: string) => {
  const marks = readMarks(serviceUrl);
  return (conversation: Conversation) => isNewIn(marks, conversation);
};

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

/** Whether anything is remembered on this browser for the service. */
export function hasMarks(serviceUrl: string): boolean {
  try {
    return localStorage.getItem(seenKey(serviceUrl)) !== null || cache.has(serviceUrl);
  } catch {
    return cache.has(serviceUrl);
  }
}

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
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const never = () => false;

/**
 * Whether a conversation is New to the signed-in agent; re-renders when the marks change in this
 * tab or another, and the predicate changes only then.
 */
export function useIsNewToYou(): (conversation: Conversation) => boolean {
  const serviceUrl = useSessionContext().session?.serviceUrl;
  const marks = useSyncExternalStore(subscribeMarks, () =>
    serviceUrl === undefined ? null : readMarks(serviceUrl),
  );
  return useMemo(
    () => (marks ? (conversation: Conversation) => isNewIn(marks, conversation) : never),
    [marks],
  );
}
