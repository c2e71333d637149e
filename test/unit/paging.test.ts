import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationPage } from '../../src/api/schemas';
import {
  createUniqueRows,
  freshConversations,
  MAX_EMPTY_PAGES_IN_A_ROW,
  pagingState,
  uniqueConversations,
} from '../../src/features/conversations/paging';

const c = (id: number, updatedAt: number): Conversation => ({
  id,
  status: 'open',
  contactId: 1,
  inboxId: 1,
  createdAt: 0,
  updatedAt,
});
const page = (items: Conversation[], next?: string): ConversationPage => ({
  data: items,
  ...(next === undefined ? {} : { pagination: { more: true, next } }),
});

describe('uniqueConversations', () => {
  it('keeps each id once, the newer updatedAt winning in its own position', () => {
    const pages = [page([c(1, 10), c(2, 9)], '2'), page([c(3, 8), c(1, 7), c(2, 11)])];
    expect(uniqueConversations(pages).map((row) => [row.id, row.updatedAt])).toEqual([
      [1, 10],
      [3, 8],
      [2, 11],
    ]);
  });

  it('returns nothing for no pages', () => {
    expect(uniqueConversations([])).toEqual([]);
  });
});

describe('createUniqueRows', () => {
  const ids = (rows: readonly Conversation[]) => rows.map((row) => [row.id, row.updatedAt]);

  it('reads only the new pages as the list grows, with the same rows as uniqueConversations', () => {
    const unique = createUniqueRows();
    const first = page([c(1, 10), c(2, 9)], '2');
    const second = page([c(3, 8), c(1, 7)], '3');
    const third = page([c(4, 6)]);
    const before = unique([first, second]);
    expect(ids(before.rows)).toEqual(ids(uniqueConversations([first, second])));
    const after = unique([first, second, third]);
    expect(ids(after.rows)).toEqual([
      [1, 10],
      [2, 9],
      [3, 8],
      [4, 6],
    ]);
    expect(after.byId.get(4)).toBe(third.data[0]);
    // Asked again with the same pages: the same rows, not a copy.
    expect(unique([first, second, third]).rows).toBe(after.rows);
  });

  it('moves a row when a later page has a newer copy of it', () => {
    const unique = createUniqueRows();
    const first = page([c(1, 10), c(2, 9)], '2');
    unique([first]);
    const second = page([c(3, 8), c(1, 11)]);
    expect(ids(unique([first, second]).rows)).toEqual([
      [2, 9],
      [3, 8],
      [1, 11],
    ]);
  });

  it('starts over when the pages are not the last ones plus more', () => {
    const unique = createUniqueRows();
    const first = page([c(1, 10)], '2');
    const second = page([c(2, 9)]);
    unique([first, second]);
    // Fresh rows merged into the first page replace it.
    const merged = page([c(5, 20), c(2, 21), ...first.data], '2');
    const rows = unique([merged, second]).rows;
    expect(ids(rows)).toEqual([
      [5, 20],
      [2, 21],
      [1, 10],
    ]);
    expect(ids(unique([first]).rows)).toEqual([[1, 10]]);
  });
});

describe('pagingState', () => {
  it('follows the cursor exactly as sent', () => {
    expect(pagingState([page([c(1, 1)], '007')], [undefined])).toEqual({
      next: '007',
      stop: undefined,
    });
  });

  it('ends exactly when pagination is absent', () => {
    expect(pagingState([page([c(1, 1)], '2'), page([])], [undefined, '2'])).toEqual({
      next: undefined,
      stop: 'end',
    });
  });

  it('stops on a cursor seen before', () => {
    expect(pagingState([page([c(1, 1)], '2'), page([c(2, 1)], '2')], [undefined, '2']).stop).toBe(
      'repeated-cursor',
    );
  });

  it('continues across empty pages that carry a cursor, but not forever', () => {
    const empties = Array.from({ length: MAX_EMPTY_PAGES_IN_A_ROW - 1 }, (_, i) =>
      page([], String(i + 2)),
    );
    const params = [undefined, ...empties.map((_, i) => String(i + 1))];
    expect(pagingState([page([c(1, 1)], '1'), ...empties], params).next).toBeDefined();
    const more = [...empties, page([], '999')];
    expect(pagingState([page([c(1, 1)], '1'), ...more], [...params, 'x']).stop).toBe('empty-pages');
  });
});

describe('freshConversations', () => {
  it('finds new ids and newer copies, not what is already loaded', () => {
    const loaded = new Map([
      [1, c(1, 10)],
      [2, c(2, 9)],
    ]);
    expect(freshConversations([c(3, 12), c(2, 11), c(1, 10)], loaded).map((row) => row.id)).toEqual(
      [3, 2],
    );
  });
});
