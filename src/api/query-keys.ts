import type { QueryClient, InfiniteData } from '@tanstack/react-query';
import type { ConversationListParams } from './conversations';
import type { Conversation, ConversationPage } from './schemas';

/** Query keys, general to specific, shared by every feature that reads the same data. */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (params: ConversationListParams) => [...conversationKeys.lists(), params] as const,
  heads: () => [...conversationKeys.all, 'head'] as const,
  head: (params: ConversationListParams) => [...conversationKeys.heads(), params] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  list: (conversationId: number) => [...messageKeys.all, 'list', { conversationId }] as const,
};

/** Calls `visit` with every conversation any list in the cache has loaded (copies included). */
export function forEachCachedConversation(
  queryClient: QueryClient,
  visit: (item: Conversation) => void,
) {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<ConversationPage>>({
    queryKey: conversationKeys.lists(),
  })) {
    for (const page of data?.pages ?? []) page.data.forEach(visit);
  }
}

/** A conversation already loaded by any list in the cache, newest copy first. */
export function findCachedConversation(
  queryClient: QueryClient,
  id: number,
): Conversation | undefined {
  let found: Conversation | undefined;
  forEachCachedConversation(queryClient, (item) => {
    if (item.id === id && (!found || item.updatedAt > found.updatedAt)) found = item;
  });
  return found;
}
