import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { ConversationListParams } from '../../api/conversations';
import { conversationKeys } from '../../api/query-keys';
import type { Conversation, ConversationPage } from '../../api/schemas';
import { useConfig } from '../../lib/config-context';
import { useSession } from '../../lib/session-context';
import { conversationHeadOptions, type ListHead } from './list-head';
import { freshConversations } from './paging';

const NONE: Conversation[] = [];

/**
 * This code arrives after the list (when it is idle, or later when fetching it failed): the first
 * list to run it checks at once if a check fell due meanwhile, as it would have been made.
 */
let arriving = true;

/**
 * Polls the top of the list (slower while the tab is hidden) and reports conversations
 * that are new or were updated since the agent loaded them. `merge` puts them
 * at the top of the loaded list; the older copies drop out by id.
 */
export function useFreshConversations(
  params: ConversationListParams,
  /** The loaded rows by id. */
  loaded: ReadonlyMap<number, Conversation> | undefined,
  enabled: boolean,
) {
  const session = useSession();
  const { listTimeoutMs, pollIntervalMs, hiddenPollIntervalMs } = useConfig();
  const queryClient = useQueryClient();
  const listKey = conversationKeys.list(params);

  const head = useQuery({
    ...conversationHeadOptions(session, params, listTimeoutMs),
    enabled,
    // The list's own first page stands in for the first poll: no extra request on mount.
    initialData: (): ListHead | undefined => {
      const first = queryClient.getQueryData<InfiniteData<ConversationPage>>(listKey)?.pages[0];
      return first && { data: first.data };
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(listKey)?.dataUpdatedAt,
    // A hidden tab checks at a slower pace (the agent works elsewhere; the title tells them) and
    // at once when the agent comes back.
    refetchInterval: () => (document.hidden ? hiddenPollIntervalMs : pollIntervalMs),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
  });

  const { dataUpdatedAt, refetch } = head;
  useEffect(() => {
    if (!enabled || !arriving) return;
    arriving = false;
    const interval = document.hidden ? hiddenPollIntervalMs : pollIntervalMs;
    if (Date.now() - dataUpdatedAt >= interval) void refetch({ cancelRefetch: false });
  }, [enabled, dataUpdatedAt, refetch, hiddenPollIntervalMs, pollIntervalMs]);

  const fresh = useMemo(
    () => (head.data && loaded ? freshConversations(head.data.data, loaded) : NONE),
    [head.data, loaded],
  );

  const cutAt = head.data?.cutAt;
  const merge = useCallback(async () => {
    if (fresh.length === 0) return;
    // A next page on its way would land on the pages as they were when it was asked for, and
    // undo the merge: it is cancelled first (the list asks for it again), as React Query's own
    // optimistic updates do.
    await queryClient.cancelQueries({ queryKey: listKey, exact: true });
    queryClient.setQueryData<InfiniteData<ConversationPage, string | undefined>>(
      listKey,
      (data) => {
        const [first, ...rest] = data?.pages ?? [];
        if (!data || !first) return data;
        // More news than a check reads: what lies between it and the loaded rows is unknown, so
        // the list starts again with the news and pages on from where the check stopped.
        if (cutAt !== undefined) {
          return {
            pages: [{ data: fresh, pagination: { more: true, next: cutAt } }],
            pageParams: [undefined],
          };
        }
        return { ...data, pages: [{ ...first, data: [...fresh, ...first.data] }, ...rest] };
      },
    );
  }, [fresh, cutAt, listKey, queryClient]);

  return { fresh, merge };
}
