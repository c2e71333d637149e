import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationPage } from '../../src/api/schemas';
import {
  createUniqueRows,
  freshConversations,
  MAX_EMPTY_PAGES_IN_A_ROW,
  pagingState,
  uniqueConversations,
} from '../../src/features/conversations/paging';
import { MAX_CHECKED_PAGES, readListHead } from '../../src/features/conversations/list-head';

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

describe('readListHead', () => {
  /** A list of `pages` pages of two rows each, the cursor of page n being String(n). */
  const serve = (pages: ConversationPage[]) => {
    const asked: (string | undefined)[] = [];
    const fetchPage = (next: string | undefined) => {
      asked.push(next);
      return Promise.resolve(pages[next === undefined ? 0 : Number(next)]!);
    };
    return { asked, fetchPage };
  };
  const loaded =
    (...rows: Conversation[]) =>
    () =>
      new Map(rows.map((row) => [row.id, row.updatedAt]));

  it('reads the first page alone when the agent has loaded one of its rows as it is', async () => {
    const { asked, fetchPage } = serve([page([c(9, 90), c(1, 10)], '1'), page([c(2, 9)])]);
    expect(await readListHead(fetchPage, loaded(c(1, 10), c(2, 9)))).toEqual({
      data: [c(9, 90), c(1, 10)],
    });
    expect(asked).toEqual([undefined]);
  });

  it('follows the list while all of a page is news, down to the first row loaded as it is', async () => {
    const { asked, fetchPage } = serve([
      page([c(9, 90), c(8, 80)], '1'),
      // 1 was updated (news); 2 is loaded as it is: the seam. 7 below it is older, not news.
      page([c(1, 70), c(2, 9)], '2'),
      page([c(7, 5)]),
    ]);
    const head = await readListHead(fetchPage, loaded(c(1, 10), c(2, 9)));
    expect(head).toEqual({ data: [c(9, 90), c(8, 80), c(1, 70)] });
    expect(asked).toEqual([undefined, '1']);
  });

  it('keeps a row that moved up while it paged once, its newer copy', async () => {
    const { fetchPage } = serve([page([c(9, 90), c(8, 80)], '1'), page([c(9, 60), c(2, 9)])]);
    const head = await readListHead(fetchPage, loaded(c(2, 9)));
    expect(head.data).toEqual([c(9, 90), c(8, 80)]);
  });

  it(`stops after ${MAX_CHECKED_PAGES} pages of news and says where`, async () => {
    const pages = Array.from({ length: MAX_CHECKED_PAGES + 5 }, (_, n) =>
      page([c(1000 - 2 * n, 1000 - 2 * n), c(999 - 2 * n, 999 - 2 * n)], String(n + 1)),
    );
    const { asked, fetchPage } = serve(pages);
    const head = await readListHead(fetchPage, loaded(c(1, 1)));
    expect(asked).toHaveLength(MAX_CHECKED_PAGES);
    expect(head.data).toHaveLength(2 * MAX_CHECKED_PAGES);
    expect(head.cutAt).toBe(String(MAX_CHECKED_PAGES));
  });

  it('stops at the end of the list and at a cursor it has followed before', async () => {
    const end = serve([page([c(9, 90)], '1'), page([c(8, 80)])]);
    expect(await readListHead(end.fetchPage, loaded())).toEqual({ data: [c(9, 90), c(8, 80)] });
    const loop = serve([page([c(9, 90)], '1'), page([c(8, 80)], '1')]);
    expect(await readListHead(loop.fetchPage, loaded())).toEqual({ data: [c(9, 90), c(8, 80)] });
    expect(loop.asked).toEqual([undefined, '1']);
  });
});
