import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ConversationPage } from '../../api/schemas';
import { useConfig } from '../../lib/config-context';
import { useSession } from '../../lib/session-context';
import { statusTone, type StatusId } from '../../lib/status';
import type { StatusCounts } from './markup';
import { pagingState, uniqueConversations } from './paging';
import { conversationListOptions } from './queries';
import { useListParams } from './use-list-params';

/** Counted once the last page is in: until then only part of each status is known. */
function countStatuses(
  data: InfiniteData<ConversationPage, string | undefined>,
): StatusCounts | undefined {
  if (pagingState(data.pages, data.pageParams).stop !== 'end') return undefined;
  const counts: StatusCounts = { open: 0, closed: 0, pending: 0 };
  for (const row of uniqueConversations(data.pages)) {
    const tone = statusTone(row.status);
    if (tone !== 'other') counts[tone] += 1;
  }
  return counts;
}

/**
 * Conversations per status in the list loaded for these statuses, read from the list's query
 * (no request of its own): known only once the whole filtered list is loaded.
 */
export function useStatusCounts(statusIds: readonly StatusId[]): StatusCounts | undefined {
  const session = useSession();
  const { listTimeoutMs } = useConfig();
  const params = useListParams(statusIds);
  const { data } = useInfiniteQuery({
    ...conversationListOptions(session, params, listTimeoutMs),
    // The list (ConversationList) fetches; this only reads what it has loaded.
    enabled: false,
    select: countStatuses,
  });
  return data;
}
