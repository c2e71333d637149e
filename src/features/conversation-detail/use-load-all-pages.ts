import { InfiniteQueryObserver, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MessagePage } from '../../api/messages';
import { t } from '../../i18n/translate';
import type { messageListOptions } from './queries';

/** Download all loads at most this many message pages. */
const MAX_MESSAGE_PAGES = 1000;

type LoadAllPages = (signal?: AbortSignal) => Promise<MessagePage[]>;

/**
 * Loads the conversation's remaining message pages into the same query (the list shows them
 * too), one after another, and resolves with all pages. A page that fails rejects with its error;
 * an aborted `signal` rejects before the next page (a page under way still lands in the query).
 *
 * It watches the query through an observer of its own, not the pane's, so it goes on when the
 * pane closes (Download all outlives the pane) and keeps the query from being collected meanwhile.
 */
export function useLoadAllPages(options: ReturnType<typeof messageListOptions>): LoadAllPages {
  const queryClient = useQueryClient();
  return useCallback<LoadAllPages>(
    async (signal) => {
      // Disabled: subscribing must not refetch what is loaded; fetchNextPage still works.
      const observer = new InfiniteQueryObserver(queryClient, { ...options, enabled: false });
      const unsubscribe = observer.subscribe(() => {});
      try {
        signal?.throwIfAborted();
        // Only a page fetched here counts: an earlier failed page leaves the query in error.
        let result = observer.getCurrentResult();
        if (!result.data) {
          result = await observer.fetchNextPage();
          if (result.isError) throw result.error;
        }
        for (let round = 0; round < MAX_MESSAGE_PAGES; round += 1) {
          signal?.throwIfAborted();
          if (!result.hasNextPage) return result.data?.pages ?? [];
          // Joins a page request already under way (auto-load) instead of cancelling it.
          result = await observer.fetchNextPage({ cancelRefetch: false });
          if (result.isError) throw result.error;
        }
        throw new Error(t('pane.tooManyMessages'));
      } finally {
        unsubscribe();
      }
    },
    [queryClient, options],
  );
}
