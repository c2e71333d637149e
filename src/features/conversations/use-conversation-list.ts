import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MAX_PAGE_SIZE } from '../../api/conversations';
import type { ConversationPage } from '../../api/schemas';
import { useConfig } from '../../lib/config-context';
import { useSession } from '../../lib/session-context';
import type { StatusId } from '../../lib/status';
import { pagingState, uniqueConversations } from './paging';
import { conversationListOptions } from './queries';

function selectRows(data: InfiniteData<ConversationPage, string | undefined>) {
  return {
    rows: uniqueConversations(data.pages),
    paging: pagingState(data.pages, data.pageParams),
    firstPage: data.pages[0],
  };
}

export function useConversationList(statusIds: readonly StatusId[]) {
  const session = useSession();
  const { listTimeoutMs } = useConfig();
  const params = useMemo(() => ({ statusIds, limit: MAX_PAGE_SIZE }), [statusIds]);
  const query = useInfiniteQuery({
    ...conversationListOptions(session, params, listTimeoutMs),
    select: selectRows,
  });
  return { query, params };
}
