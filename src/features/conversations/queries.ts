import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchConversationPage, type ConversationListParams } from '../../api/conversations';
import type { ServiceSession } from '../../api/http';
import { conversationKeys } from '../../api/query-keys';
import { pagingState } from './paging';

/**
 * One request per page, each cursor followed once (paging.ts has the rules). While `following()`
 * says so (use-page-on-scroll.ts: the agent follows the end, each page asked for as the one before
 * it lands) each request says the next page is wanted, which the request worker starts early.
 */
export function conversationListOptions(
  session: ServiceSession,
  params: ConversationListParams,
  timeoutMs: number,
  following?: () => boolean,
) {
  return infiniteQueryOptions({
    queryKey: conversationKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      fetchConversationPage(session, params, pageParam, {
        signal,
        timeoutMs,
        // A first page is never one the agent follows on to (a filter just changed, say).
        nextWanted: pageParam !== undefined && following?.(),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (_lastPage, pages, _lastParam, pageParams) =>
      pagingState(pages, pageParams).next,
    // Pages only ever append (or merge fresh rows): comparing thousands of rows deeply with the
    // previous data on every page would cost more than it could save.
    structuralSharing: false,
  });
}
