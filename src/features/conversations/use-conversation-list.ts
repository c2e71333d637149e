import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { MAX_PAGE_SIZE } from '../../api/conversations';
import type { ConversationPage } from '../../api/schemas';
import { useConfig } from '../../lib/config-context';
import { useSession } from '../../lib/session-context';
import type { StatusId } from '../../lib/status';
import { pagingState, uniqueConversations } from './paging';
import { conversationListOptions } from './queries';
import { ReadAheadHandle } from './read-ahead-handle';

export function useConversationList(statusIds: readonly StatusId[]) {
  const session = useSession();
  const { listTimeoutMs } = useConfig();
  const params = useMemo(() => ({ statusIds, limit: MAX_PAGE_SIZE }), [statusIds]);
  // One read-ahead per filter; a new filter drops what the old one was fetching.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- params is the read-ahead's identity
  const readAhead = useMemo(() => new ReadAheadHandle(), [params]);
  useEffect(() => () => readAhead.dispose(), [readAhead]);
  const selectRows = useCallback(
    (data: InfiniteData<ConversationPage, string | undefined>) => ({
      rows: uniqueConversations(data.pages),
      paging: pagingState(data.pages, data.pageParams, (cursor) => readAhead.wasHandedOut(cursor)),
      firstPage: data.pages[0],
    }),
    [readAhead],
  );
  const query = useInfiniteQuery({
    ...conversationListOptions(session, params, listTimeoutMs, readAhead),
    select: selectRows,
    // Pages only ever append (or merge fresh rows): comparing thousands of rows deeply with the
    // previous result on every batch would cost more than it could save.
    structuralSharing: false,
  });
  return { query, params, readAhead };
}
