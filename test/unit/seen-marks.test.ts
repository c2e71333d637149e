import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../src/api/schemas';
import { markUnread, recordOpened, SEEN_CAP } from '../../src/lib/record-seen';
import {
  forgetMarks,
  newToYou,
  readMarks,
  seenKey,
  subscribeMarks,
} from '../../src/lib/seen-marks';

// The store keeps each service's marks in memory too, so every test has a service of its own.
let serviceCount = 0;
let service = '';
beforeEach(() => {
  service = `https://service-${++serviceCount}.example.com/v1`;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const T0 = Date.parse('2026-11-25T10:00:00Z');
const conversation = (id: number, updatedAt: number): Conversation => ({
  id,
  status: 'open',
  contactId: 1,
  inboxId: 1,
  createdAt: 0,
  updatedAt,
});
const stored = () => JSON.parse(localStorage.getItem(seenKey(service)) ?? 'null') as unknown;

describe('first sign-in', () => {
  it('marks nothing updated before it, and what is updated after it', () => {
    const isNew = newToYou(service);
    expect(isNew(conversation(1, T0 - 60_000))).toBe(false);
    expect(isNew(conversation(2, T0))).toBe(false);
    expect(isNew(conversation(3, T0 + 1))).toBe(true);
    // Seconds since the epoch are read as such (lib/time.ts).
    expect(isNew(conversation(4, T0 / 1000 + 60))).toBe(true);
    expect(stored()).toEqual({ since: T0, seen: [] });
  });

  it('is remembered: a later sign-in keeps the first one as the baseline', () => {
    readMarks(service);
    localStorage.setItem(seenKey('other'), 'x'); // another service's key is left alone
    vi.setSystemTime(T0 + 3_600_000);
    const again = JSON.parse(localStorage.getItem(seenKey(service))!) as { since: number };
    expect(again.since).toBe(T0);
    expect(localStorage.getItem(seenKey('other'))).toBe('x');
  });
});

describe('opening and marking as unread', () => {
  it('opening clears the mark until the conversation changes again', () => {
    const later = conversation(7, T0 + 10_000);
    expect(newToYou(service)(later)).toBe(true);
    vi.setSystemTime(T0 + 20_000);
    recordOpened(service, 7, later.updatedAt);
    expect(newToYou(service)(later)).toBe(false);
    expect(newToYou(service)(conversation(7, T0 + 30_000))).toBe(true);
  });

  it('records at least the conversation’s own updatedAt (the service’s clock may be ahead)', () => {
    const ahead = conversation(8, T0 + 5 * 60_000);
    recordOpened(service, 8, ahead.updatedAt);
    expect(newToYou(service)(ahead)).toBe(false);
    recordOpened(service, 9);
    expect(newToYou(service)(conversation(9, T0 + 1))).toBe(true);
  });

  it('mark as unread puts the mark back, opening again clears it', () => {
    const old = conversation(5, T0 - 60_000);
    recordOpened(service, 5, old.updatedAt);
    markUnread(service, 5);
    expect(newToYou(service)(old)).toBe(true);
    recordOpened(service, 5, old.updatedAt);
    expect(newToYou(service)(old)).toBe(false);
  });

  it('tells subscribers in this tab of each change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeMarks(listener);
    recordOpened(service, 1);
    markUnread(service, 1);
    forgetMarks(service);
    unsubscribe();
    recordOpened(service, 2);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('the cap', () => {
  it(`keeps ${SEEN_CAP} ids and drops the least recently recorded first`, () => {
    const full = Array.from({ length: SEEN_CAP }, (_, index) => [index + 1, T0]);
    localStorage.setItem(seenKey(service), JSON.stringify({ since: T0, seen: full }));
    recordOpened(service, 1); // recorded again: now the most recent
    recordOpened(service, SEEN_CAP + 1);
    const { seen } = readMarks(service);
    expect(seen.size).toBe(SEEN_CAP);
    expect(seen.has(2)).toBe(false);
    expect(seen.has(1)).toBe(true);
    expect(seen.has(SEEN_CAP + 1)).toBe(true);
    expect((stored() as { seen: unknown[] }).seen).toHaveLength(SEEN_CAP);
  });
});

describe('what is stored', () => {
  it('holds only ids with times and the first sign-in time', () => {
    recordOpened(service, 42, T0 - 1000);
    markUnread(service, 43);
    expect(stored()).toEqual({
      since: T0,
      seen: [
        [42, T0],
        [43, 0],
      ],
    });
  });
});

describe('corrupt or foreign data', () => {
  it.each([
    ['not JSON', '{oops'],
    ['a number', '17'],
    ['null', 'null'],
    ['no first sign-in', '{"seen":[[1,5]]}'],
    ['a negative time', '{"since":-1,"seen":[]}'],
    ['a string time', '{"since":"yesterday","seen":[]}'],
  ])('%s is ignored: a new baseline', (_, raw) => {
    localStorage.setItem(seenKey(service), raw);
    const isNew = newToYou(service);
    expect(isNew(conversation(1, T0 - 1))).toBe(false);
    expect(isNew(conversation(1, T0 + 1))).toBe(true);
  });

  it('keeps the entries that make sense and drops the rest', () => {
    localStorage.setItem(
      seenKey(service),
      JSON.stringify({ since: T0, seen: [[1, T0 + 500], 'x', [2.5, 1], [3, 'y'], [4], null] }),
    );
    const { seen } = readMarks(service);
    expect([...seen]).toEqual([[1, T0 + 500]]);
  });

  it('a seen list that is not a list counts as nothing opened', () => {
    localStorage.setItem(seenKey(service), JSON.stringify({ since: T0, seen: { 1: 2 } }));
    expect(readMarks(service).seen.size).toBe(0);
  });
});

describe('storage unavailable or full', () => {
  it('keeps the marks in memory when every storage call throws', () => {
    const fail = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: fail, setItem: fail, removeItem: fail });
    const later = conversation(3, T0 + 1000);
    expect(newToYou(service)(later)).toBe(true);
    recordOpened(service, 3, later.updatedAt);
    expect(newToYou(service)(later)).toBe(false);
    expect(() => forgetMarks(service)).not.toThrow();
    expect(readMarks(service).seen.size).toBe(0);
  });

  it('keeps recording in memory when storage is full', () => {
    readMarks(service);
    const real = localStorage;
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => real.getItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    recordOpened(service, 3, T0 + 1000);
    expect(newToYou(service)(conversation(3, T0 + 1000))).toBe(false);
    vi.unstubAllGlobals();
    expect(stored()).toEqual({ since: T0, seen: [] });
  });
});

describe('another tab', () => {
  it('a storage event for this service is read again and told to subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeMarks(listener);
    const later = conversation(11, T0 + 1000);
    expect(newToYou(service)(later)).toBe(true);
    // The other tab opened it: it wrote the key, this tab hears the storage event.
    const value = JSON.stringify({ since: T0, seen: [[11, T0 + 2000]] });
    localStorage.setItem(seenKey(service), value);
    window.dispatchEvent(new StorageEvent('storage', { key: seenKey(service), newValue: value }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(newToYou(service)(later)).toBe(false);
    // Other keys are none of the store's business.
    window.dispatchEvent(new StorageEvent('storage', { key: 'threadline.other', newValue: '1' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('a forget in another tab is heard', () => {
    recordOpened(service, 12, T0 + 1000);
    const unsubscribe = subscribeMarks(() => undefined);
    vi.setSystemTime(T0 + 5000);
    localStorage.removeItem(seenKey(service));
    window.dispatchEvent(new StorageEvent('storage', { key: seenKey(service), newValue: null }));
    expect(readMarks(service)).toEqual({ since: T0 + 5000, seen: new Map() });
    unsubscribe();
  });
});

describe('forgetting', () => {
  it('removes the key', () => {
    recordOpened(service, 1);
    expect(localStorage.getItem(seenKey(service))).not.toBeNull();
    forgetMarks(service);
    expect(localStorage.getItem(seenKey(service))).toBeNull();
  });
});
