import { describe, expect, it } from 'vitest';
import { createPlaceStore } from '../../src/lib/place-store';

const SERVICE = 'https://conversations.example.com';
const KEY = 'threadline.place';
const signedIn = () => true;

/** A Storage that keeps items in a Map and can be told to throw. */
function fakeStorage(failing: { get?: boolean; set?: boolean } = {}) {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => {
      if (failing.get) throw new DOMException('denied', 'SecurityError');
      return items.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (failing.set) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
  } as Storage;
  return { storage, items };
}

describe('the place store', () => {
  it('keeps a list place per filter and a pane position per conversation', () => {
    const { storage } = fakeStorage();
    const store = createPlaceStore(() => storage, signedIn);
    store.saveList(SERVICE, '1', { anchorId: 40, offset: 12.4, index: 150, selectedId: 41 });
    store.saveList(SERVICE, '', { anchorId: 7, offset: 0, index: 3 });
    store.savePane(SERVICE, 40, 812.6);

    // Read back by a new store, as after a reload.
    const again = createPlaceStore(() => storage, signedIn);
    expect(again.list(SERVICE, '1')).toEqual({
      anchorId: 40,
      offset: 12,
      index: 150,
      selectedId: 41,
    });
    expect(again.list(SERVICE, '')).toEqual({
      anchorId: 7,
      offset: 0,
      index: 3,
      selectedId: undefined,
    });
    expect(again.list(SERVICE, '2')).toBeUndefined();
    expect(again.pane(SERVICE, 40)).toBe(813);
    expect(again.pane(SERVICE, 41)).toBeUndefined();
  });

  it('forgets places kept for another service', () => {
    const { storage } = fakeStorage();
    const store = createPlaceStore(() => storage, signedIn);
    store.saveList(SERVICE, '1', { anchorId: 40, offset: 0, index: 150 });
    store.savePane(SERVICE, 40, 100);
    expect(store.list('https://other.example.com', '1')).toBeUndefined();
    expect(store.pane('https://other.example.com', 40)).toBeUndefined();
  });

  it('is bounded: the oldest entries go first, and what is stored stays small', () => {
    const { storage, items } = fakeStorage();
    const store = createPlaceStore(() => storage, signedIn);
    for (let id = 1; id <= 500; id += 1) store.savePane(SERVICE, id, id * 10);
    for (let n = 0; n < 100; n += 1)
      store.saveList(SERVICE, `f${n}`, { anchorId: n, offset: 0, index: n });
    // Saving an old one again makes it the newest.
    store.savePane(SERVICE, 460, 1);

    expect(store.pane(SERVICE, 500)).toBe(5000);
    expect(store.pane(SERVICE, 460)).toBe(1);
    expect(store.pane(SERVICE, 451)).toBe(4510);
    expect(store.pane(SERVICE, 450)).toBeUndefined();
    expect(store.pane(SERVICE, 1)).toBeUndefined();
    expect(store.list(SERVICE, 'f99')).toBeDefined();
    expect(store.list(SERVICE, 'f84')).toBeDefined();
    expect(store.list(SERVICE, 'f83')).toBeUndefined();
    expect(items.get(KEY)!.length).toBeLessThan(2000);
  });

  it('reads corrupt or hostile data as nothing kept, and keeps what is well formed', () => {
    const { storage, items } = fakeStorage();
    const store = createPlaceStore(() => storage, signedIn);
    for (const bad of [
      '{',
      'null',
      '42',
      '"text"',
      '[]',
      JSON.stringify({ service: SERVICE, lists: 'x' }),
    ]) {
      items.set(KEY, bad);
      expect(store.list(SERVICE, '1')).toBeUndefined();
      expect(store.pane(SERVICE, 1)).toBeUndefined();
    }
    items.set(
      KEY,
      JSON.stringify({
        service: SERVICE,
        lists: [
          ['1', { anchorId: -1, offset: 0, index: 0 }],
          ['2', { anchorId: 'x', offset: 0, index: 0 }],
          ['3', { anchorId: 5, offset: 0, index: 0, selectedId: '<img>' }],
          ['x'.repeat(101), { anchorId: 5, offset: 0, index: 0 }],
          ['4', null],
          'not an entry',
          ['5', { anchorId: 9, offset: 3, index: 8, extra: 'ignored' }],
        ],
        panes: [
          [1, 2 ** 60],
          ['2', 5],
          [3, -5],
          [4, 1.5],
          [6, 60],
        ],
      }),
    );
    for (const filter of ['1', '2', '3', 'x'.repeat(101), '4']) {
      expect(store.list(SERVICE, filter)).toBeUndefined();
    }
    expect(store.list(SERVICE, '5')).toEqual({
      anchorId: 9,
      offset: 3,
      index: 8,
      selectedId: undefined,
    });
    for (const id of [1, 2, 3, 4]) expect(store.pane(SERVICE, id)).toBeUndefined();
    expect(store.pane(SERVICE, 6)).toBe(60);

    // Saving over corrupt data starts afresh.
    items.set(KEY, '{');
    store.savePane(SERVICE, 8, 80);
    expect(store.pane(SERVICE, 8)).toBe(80);
  });

  it('keeps places in memory when the storage throws on writing, and reading throws nothing', () => {
    const failing = { set: true };
    const { storage } = fakeStorage(failing);
    const store = createPlaceStore(() => storage, signedIn);
    expect(() => store.saveList(SERVICE, '1', { anchorId: 4, offset: 0, index: 2 })).not.toThrow();
    expect(store.list(SERVICE, '1')).toEqual({
      anchorId: 4,
      offset: 0,
      index: 2,
      selectedId: undefined,
    });
    store.savePane(SERVICE, 4, 300);
    expect(store.pane(SERVICE, 4)).toBe(300);
  });

  it('saves nothing once the session has ended', () => {
    const { storage, items } = fakeStorage();
    let session = true;
    const store = createPlaceStore(
      () => storage,
      () => session,
    );
    store.savePane(SERVICE, 4, 300);
    session = false;
    store.savePane(SERVICE, 5, 500);
    store.saveList(SERVICE, '1', { anchorId: 4, offset: 0, index: 2 });
    expect(store.pane(SERVICE, 4)).toBe(300);
    expect(store.pane(SERVICE, 5)).toBeUndefined();
    expect(store.list(SERVICE, '1')).toBeUndefined();
    items.clear();
    expect(store.pane(SERVICE, 4)).toBeUndefined();
  });

  it('works without any storage at all (access itself throws)', () => {
    const store = createPlaceStore(() => {
      throw new DOMException('denied', 'SecurityError');
    }, signedIn);
    expect(store.list(SERVICE, '1')).toBeUndefined();
    expect(() => store.savePane(SERVICE, 4, 300)).not.toThrow();
    expect(store.pane(SERVICE, 4)).toBe(300);
    const { storage } = fakeStorage({ get: true });
    const reading = createPlaceStore(() => storage, signedIn);
    expect(reading.pane(SERVICE, 4)).toBeUndefined();
  });
});
