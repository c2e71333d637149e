import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ConversationPage } from '../../api/schemas';
import { useConfig } from '../../lib/config-context';
import { useSession } from '../../lib/session-context';
import type { StatusId } from '../../lib/status';
import { createUniqueRows, pagingState } from './paging';
import { conversationListOptions } from './queries';
import { useListParams } from './use-list-params';

/** The filtered list's query: its loaded rows (unique by id), how paging stands. */
export function useConversationList(statusIds: readonly StatusId[]) {
  const session = useSession();
  const { listTimeoutMs } = useConfig();
  const params = useListParams(statusIds);
  // Each page is read once as it arrives, not all the rows again per page (see createUniqueRows).
  const [uniqueRows] = useState(createUniqueRows);
  const selectRows = useCallback(
    (data: InfiniteData<ConversationPage, string | undefined>) => ({
      ...uniqueRows(data.pages),
      paging: pagingState(data.pages, data.pageParams),
    }),
    [uniqueRows],
  );
  const query = useInfiniteQuery({
    ...conversationListOptions(session, params, listTimeoutMs),
    select: selectRows,
  });
  return { query, params };
}
