import type {
  FetchNextPageOptions,
  InfiniteData,
  InfiniteQueryObserverResult,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MessagePage } from '../../api/messages';
import { MAX_MESSAGE_PAGES } from './download-settings';

type FetchNextPage = (
  options?: FetchNextPageOptions,
) => Promise<InfiniteQueryObserverResult<InfiniteData<MessagePage>>>;

/**
 * Loads the conversation's remaining message pages into the same query (the list shows them
 * too), one after another, and resolves with all pages. A page that fails rejects with its error.
 */
export function useLoadAllPages(fetchNextPage: FetchNextPage): () => Promise<MessagePage[]> {
  return useCallback(async () => {
    for (let round = 0; round < MAX_MESSAGE_PAGES; round += 1) {
      // Joins a page request already under way (auto-load) instead of cancelling it.
      const result = await fetchNextPage({ cancelRefetch: false });
      if (result.isError) throw result.error;
      if (!result.hasNextPage) return result.data?.pages ?? [];
    }
    throw new Error('This conversation has too many messages to load at once.');
  }, [fetchNextPage]);
}
