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
  /** Cursors already used by pages merged into one (see read-ahead.ts). */
  usedBefore: (cursor: string) => boolean = () => false,
): PagingState {
  const last = pages.at(-1);
  if (!last) return { next: undefined, stop: undefined };
  const next = last.pagination?.next;
  if (next === undefined) return { next: undefined, stop: 'end' };
  if (pageParams.includes(next) || usedBefore(next)) {
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
  const newest = new Map<number, number>();
  for (const page of pages) {
    for (const item of page.data) {
      const seen = newest.get(item.id);
      if (seen === undefined || item.updatedAt > seen) newest.set(item.id, item.updatedAt);
    }
  }
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
