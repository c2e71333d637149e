import { useEffect } from 'react';
import { t } from '../../i18n/translate';
import { announce } from '../../ui/live-region';

interface ListProgress {
  isFetchingNextPage: boolean;
  /** The list has data and is not loading or failing a next page. */
  loaded: boolean;
  rowCount: number;
}

/**
 * Screen readers hear what the list is doing through the app's live region (news of new or updated
 * conversations: fresh-news.tsx): "Loading more" once when pages start coming, the count once they
 * have stopped. While an agent follows the end, pages land one after another with the next one
 * already on its way: the rows grow, but nothing is said again until the last has landed.
 */
export function useListAnnouncements({ isFetchingNextPage, loaded, rowCount }: ListProgress): void {
  useEffect(() => {
    if (isFetchingNextPage) announce(t('list.loadingMore'));
  }, [isFetchingNextPage]);
  useEffect(() => {
    if (loaded) announce(t('list.announceLoaded', { count: rowCount }));
  }, [loaded, rowCount]);
}
