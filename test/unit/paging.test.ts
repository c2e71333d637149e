import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationPage } from '../../src/api/schemas';
import {
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
