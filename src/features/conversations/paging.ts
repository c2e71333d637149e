import type { Conversation, ConversationPage } from '../../api/schemas';

/** Consecutive empty pages that still carry a cursor we follow before giving up. */
export const MAX_EMPTY_PAGES_IN_A_ROW = 10;

export type PagingStop = 'end' | 'repeated-cursor' | 'empty-pages';

export interface PagingState {
  next: string | undefined;
  stop: PagingStop | undefined;
}

/**
 * Where paging goes from here. It ends exactly when `pagination` is absent; a
 * cursor seen before (the service would loop us) or a long run of empty pages
 * stops it too, and the list says why.
 */
export function pagingState(
  pages: readonly ConversationPage[],
  pageParams: readonly unknown[],
): PagingState {
  const last = pages.at(-1);
  if (!last) return { next: undefined, stop: undefined };
  const next = last.pagination?.next;
  if (next === undefined) return { next: undefined, stop: 'end' };
  if (pageParams.includes(next)) {
    return { next: undefined, stop: 'repeated-cursor' };
  }
  let emptyRun = 0;
  for (let i = pages.length - 1; i >= 0 && pages[i]?.data.length === 0; i -= 1) emptyRun += 1;
  if (emptyRun >= MAX_EMPTY_PAGES_IN_A_ROW) return { next: undefined, stop: 'empty-pages' };
  return { next, stop: undefined };
}

/**
 * Flattens loaded pages into rows unique by id. When a conversation appears
 * twice (it was updated while we paged), the copy with the newer updatedAt
 * wins and keeps its own position.
 */
export function uniqueConversations(pages: readonly ConversationPage[]): Conversation[] {
  const newest = loadedUpdatedAt(pages);
  const rows: Conversation[] = [];
  for (const page of pages) {
    for (const item of page.data) {
      if (newest.get(item.id) === item.updatedAt) {
        rows.push(item);
        newest.delete(item.id);
      }
    }
  }
  return rows;
}

/** The loaded rows, unique by id, and each id's row (the copy shown). */
export interface UniqueRows {
  rows: readonly Conversation[];
  byId: ReadonlyMap<number, Conversation>;
}

/**
 * `uniqueConversations` for a list that grows a page at a time: given the pages the last call
 * saw plus new ones at the end, only the new pages are read, so loading N pages costs O(rows)
 * in all instead of O(rows) per page. Anything else (the first page replaced by fresh rows, a
 * refetch, another list) is read from scratch, as is a new page holding a newer copy of a row
 * already shown (the older copy must leave its place).
 */
export function createUniqueRows(): (pages?: readonly ConversationPage[]) => UniqueRows {
  let seen: readonly ConversationPage[] = [];
  let byId = new Map<number, Conversation>();
  let rows: Conversation[] = [];

  const grows = (pages: readonly ConversationPage[]) =>
    pages.length >= seen.length && seen.every((page, i) => pages[i] === page);

  const append = (pages: readonly ConversationPage[]): boolean => {
    const added: Conversation[] = [];
    for (const page of pages) {
      for (const item of page.data) {
        const known = byId.get(item.id);
        if (known && item.updatedAt > known.updatedAt) return false;
        if (!known) {
          byId.set(item.id, item);
          added.push(item);
        }
      }
    }
    rows = added.length > 0 ? rows.concat(added) : rows;
    return true;
  };

  // Without pages: the last answer, the rows landed by now (the query's `select` reads each page
  // as it lands, whether the list is told of it or not).
  return (pages = seen) => {
    if (pages === seen) return { rows, byId };
    // The map is shared with the previous answer and grows in place: that answer is superseded.
    if (!grows(pages) || !append(pages.slice(seen.length))) {
      rows = uniqueConversations(pages);
      byId = new Map(rows.map((row) => [row.id, row]));
    }
    seen = pages;
    return { rows, byId };
  };
}

/**
 * Conversations in a freshly fetched first page that the agent has not seen:
 * new ids, or ids whose updatedAt moved on.
 */
export function freshConversations(
  head: readonly Conversation[],
  loaded: ReadonlyMap<number, Conversation>,
): Conversation[] {
  return head.filter((item) => {
    const known = loaded.get(item.id);
    return !known || item.updatedAt > known.updatedAt;
  });
}

/** Each loaded conversation's newest updatedAt. */
export function loadedUpdatedAt(pages: readonly ConversationPage[]): Map<number, number> {
  const newest = new Map<number, number>();
  for (const page of pages) {
    for (const item of page.data) {
      const seen = newest.get(item.id);
      if (seen === undefined || item.updatedAt > seen) newest.set(item.id, item.updatedAt);
    }
  }
  return newest;
}
