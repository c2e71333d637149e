import { infiniteQueryOptions } from '@tanstack/react-query';
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
