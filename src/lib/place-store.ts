/*
 * Where the agent was, kept per tab in sessionStorage so that closing the pane, Back/Forward,
 * switching filters and a reload all come back to the same place (docs/keeping-your-place.md).
 * Only ids and pixel offsets are kept, never the token; a few entries at most, newest first, the
 * oldest dropped. What is read is checked field by field: anything else counts as nothing kept.
 * A storage that throws (disabled, full) leaves the places in this page's memory only. Places
 * belong to the session: nothing is saved once it has ended (the list saves its place as it
 * goes), and signing out removes them (clearSession); an expiry keeps them for the next sign-in.
 */

/** The agent's own input on a scroller: restoring a place stops, the agent's scroll wins. */
export const AGENT_INPUTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** A list's place: its first visible conversation, and the keyboard selection. */
export interface ListPlace {
  /** The conversation at the top of the list's view. */
  anchorId: number;
  /** How many pixels of that row were scrolled past. */
  offset: number;
  /** Its index then: where to look if it is no longer in the list. */
  index: number;
  /** The row j/k selected, if any. */
  selectedId?: number | undefined;
}

interface Places {
  /** The service these places belong to: another service's ids mean nothing. */
  service: string;
  /** By filter key, newest first. */
  lists: [string, ListPlace][];
  /** Pane scroll position by conversation id, newest first. */
  panes: [number, number][];
}

// As in session-store.ts (its clearSession removes this one too); not imported from there, which
// would move the start-up code's session module into a chunk shared with this on-demand one.
const KEY = 'threadline.place';
const SESSION_KEY = 'threadline.session';
const MAX_LISTS = 16;
const MAX_PANES = 50;
const MAX_FILTER_KEY = 100;

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function listPlace(value: unknown): ListPlace | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { anchorId, offset, index, selectedId } = value as Record<string, unknown>;
  if (!isCount(anchorId) || !isCount(offset) || !isCount(index)) return undefined;
  if (selectedId !== undefined && !isCount(selectedId)) return undefined;
  return { anchorId, offset, index, selectedId };
}

/** Only the well-formed entries of what was stored, within the bounds. */
function checked(value: unknown, service: string): Places {
  const places: Places = { service, lists: [], panes: [] };
  if (typeof value !== 'object' || value === null) return places;
  const stored = value as Record<string, unknown>;
  if (stored.service !== service) return places;
  if (Array.isArray(stored.lists)) {
    for (const entry of stored.lists.slice(0, MAX_LISTS) as unknown[]) {
      if (!Array.isArray(entry)) continue;
      const [filter, place] = entry as unknown[];
      const valid = listPlace(place);
      if (typeof filter === 'string' && filter.length <= MAX_FILTER_KEY && valid) {
        places.lists.push([filter, valid]);
      }
    }
  }
  if (Array.isArray(stored.panes)) {
    for (const entry of stored.panes.slice(0, MAX_PANES) as unknown[]) {
      if (Array.isArray(entry) && isCount(entry[0]) && isCount(entry[1])) {
        places.panes.push([entry[0], entry[1]]);
      }
    }
  }
  return places;
}

/** Puts `key`'s value first, drops its older entry and whatever goes past `max`. */
function putFirst<K, V>(entries: [K, V][], key: K, value: V, max: number): [K, V][] {
  return [[key, value] as [K, V], ...entries.filter(([k]) => k !== key)].slice(0, max);
}

export interface PlaceStore {
  list: (service: string, filter: string) => ListPlace | undefined;
  saveList: (service: string, filter: string, place: ListPlace) => void;
  pane: (service: string, conversationId: number) => number | undefined;
  savePane: (service: string, conversationId: number, scrollTop: number) => void;
}

export function createPlaceStore(storage: () => Storage, signedIn: () => boolean): PlaceStore {
  /** Set once the storage has failed: from then on the places live here. */
  let memory: Places | undefined;
  const read = (service: string): Places => {
    if (memory) return checked(memory, service);
    try {
      return checked(JSON.parse(storage().getItem(KEY) ?? 'null'), service);
    } catch {
      return checked(null, service);
    }
  };
  const write = (places: Places) => {
    if (!signedIn()) return;
    if (memory) {
      memory = places;
      return;
    }
    try {
      storage().setItem(KEY, JSON.stringify(places));
    } catch {
      memory = places;
    }
  };
  return {
    list: (service, filter) => read(service).lists.find(([key]) => key === filter)?.[1],
    saveList: (service, filter, place) => {
      const places = read(service);
      const rounded = { ...place, offset: Math.round(place.offset) };
      write({ ...places, lists: putFirst(places.lists, filter, rounded, MAX_LISTS) });
    },
    pane: (service, id) => read(service).panes.find(([key]) => key === id)?.[1],
    savePane: (service, id, scrollTop) => {
      const places = read(service);
      write({ ...places, panes: putFirst(places.panes, id, Math.round(scrollTop), MAX_PANES) });
    },
  };
}

/** This tab's places. */
export const placeStore = createPlaceStore(
  () => sessionStorage,
  () => {
    try {
      return sessionStorage.getItem(SESSION_KEY) !== null;
    } catch {
      return true;
    }
  },
);
