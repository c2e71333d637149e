import {
  useInfiniteQuery,
  type InfiniteData,
  type InfiniteQueryObserverResult,
} from '@tanstack/react-query';
import { useCallback, useState, type RefObject } from 'react';
import type { ConversationPage } from '../../api/schemas';
import { useConfig } from '../../lib/config-context';
import { useSession } from '../../lib/session-context';
import type { StatusId } from '../../lib/status';
import { createUniqueRows, pagingState } from './paging';
import { conversationListOptions } from './queries';
import { useListParams } from './use-list-params';

type ListData = InfiniteData<ConversationPage, string | undefined>;

/**
 * What the list is told of while pages are asked for back to back (the agent follows the end): a
 * failure (any failure sets `error`), the end, and a request paused (offline, or a retry in a
 * hidden tab) or going on again. Its batches draw the rows landing meanwhile
 * (use-batched-rows.ts): told of each page, the whole list rendered once a page, on the main
 * thread the next response waits for (docs/performance.md).
 */
const TOLD_WHILE_CHAINING: (keyof InfiniteQueryObserverResult)[] = [
  'error',
  'hasNextPage',
  'isPaused',
];

/**
 * The filtered list's query: its loaded rows (unique by id), how paging stands, and the rows
 * landed by now (`landed`). While `chainingRef` is set (by use-page-on-scroll.ts) the list is
 * told only of what TOLD_WHILE_CHAINING names.
 */
export function useConversationList(
  statusIds: readonly StatusId[],
  chainingRef?: RefObject<boolean>,
) {
  const session = useSession();
  const { listTimeoutMs } = useConfig();
  const params = useListParams(statusIds);
  // Each page is read once as it arrives, not all the rows again per page (see createUniqueRows).
  const [uniqueRows] = useState(createUniqueRows);
  const selectRows = useCallback(
    (data: ListData) => ({
      ...uniqueRows(data.pages),
      paging: pagingState(data.pages, data.pageParams),
    }),
    [uniqueRows],
  );
  const isFollowing = useCallback(() => chainingRef?.current === true, [chainingRef]);
  const query = useInfiniteQuery({
    // eslint-disable-next-line react-hooks/refs -- read when a page's request is made, not in render
    ...conversationListOptions(session, params, listTimeoutMs, isFollowing),
    select: selectRows,
    notifyOnChangeProps: () => (chainingRef?.current ? TOLD_WHILE_CHAINING : undefined),
  });
  return { query, params, landed: uniqueRows };
}
