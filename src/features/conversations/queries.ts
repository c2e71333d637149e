import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchConversationPage, type ConversationListParams } from '../../api/conversations';
import type { ServiceSession } from '../../api/http';
import { conversationKeys } from '../../api/query-keys';
import { pagingState } from './paging';
import type { ReadAheadHandle } from './read-ahead-handle';

export function conversationListOptions(
  session: ServiceSession,
  params: ConversationListParams,
  timeoutMs: number,
  readAhead?: ReadAheadHandle,
) {
  const fetchPage = (next: string | undefined, signal: AbortSignal) =>
    fetchConversationPage(session, params, next, { signal, timeoutMs });

  // Session, timeout and read-ahead are not part of the key: a session change clears the whole cache.
  return infiniteQueryOptions({
    queryKey: conversationKeys.list(params),
    queryFn: async ({ pageParam, signal }) => {
      const page = await (readAhead?.take(pageParam, signal) ?? fetchPage(pageParam, signal));
      readAhead?.after(page, fetchPage);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (_lastPage, pages, _lastParam, pageParams) =>
      pagingState(pages, pageParams, (cursor) => readAhead?.wasHandedOut(cursor) ?? false).next,
  });
}

/**
 * The first page alone, polled while the tab is visible to find new or
 * updated conversations without refetching what the agent has loaded.
 */
export function conversationHeadOptions(
  session: ServiceSession,
  params: ConversationListParams,
  timeoutMs: number,
) {
  // Session and timeout are not part of the key: a session change clears the whole cache.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: conversationKeys.head(params),
    queryFn: ({ signal }) =>
      fetchConversationPage(session, params, undefined, { signal, timeoutMs }),
    meta: { backgroundErrorLabel: 'Checking for new conversations failed' },
  });
}
