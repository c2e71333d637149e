import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { ServiceSession } from '../../api/http';
import { fetchMessagePage, type MessagePage } from '../../api/messages';
import { messageKeys } from '../../api/query-keys';

export function messageListOptions(
  session: ServiceSession,
  messagesPath: string,
  conversationId: number,
  timeoutMs: number,
) {
  // Session and timeout are not part of the key: a session change clears the whole cache.
  return infiniteQueryOptions({
    queryKey: messageKeys.list(conversationId),
    queryFn: ({ pageParam, signal }) =>
      fetchMessagePage(session, messagesPath, conversationId, pageParam.next, pageParam.offset, {
        signal,
        timeoutMs,
      }),
    initialPageParam: { next: undefined as string | undefined, offset: 0 },
    getNextPageParam: (lastPage: MessagePage, pages, lastParam, allParams) => {
      if (lastPage.next === undefined) return undefined;
      if (allParams.some((param) => param.next === lastPage.next)) return undefined;
      return { next: lastPage.next, offset: lastParam.offset + lastPage.messages.length };
    },
  });
}

/**
 * Asks for a conversation's messages as it is being opened (lib/conversation-opening.ts): the pane,
 * rendered in a transition, would ask only after its first frame. Its query takes this request
 * over; a conversation already in the cache is not asked for again (the pane would not either).
 */
export function prefetchMessages(
  queryClient: QueryClient,
  session: ServiceSession,
  messagesPath: string,
  conversationId: number,
  timeoutMs: number,
) {
  // A failure is the pane's to show: its query holds the error, or asks again when it mounts.
  queryClient
    .infiniteQuery(messageListOptions(session, messagesPath, conversationId, timeoutMs))
    .catch(() => undefined);
}
