import { useEffect } from 'react';
import { t } from '../../i18n/translate';
import { announce } from '../../ui/live-region';

interface ListProgress {
  isFetchingNextPage: boolean;
  /** The list has data and is not loading or failing a next page. */
  loaded: boolean;
  rowCount: number;
  freshCount: number;
}

/** Screen readers hear what the list is doing through the app's live region. */
export function useListAnnouncements({
  isFetchingNextPage,
  loaded,
  rowCount,
  freshCount,
}: ListProgress): void {
  useEffect(() => {
    if (isFetchingNextPage) announce(t('list.loadingMore'));
    else if (loaded) announce(t('list.announceLoaded', { count: rowCount }));
  }, [isFetchingNextPage, loaded, rowCount]);
  useEffect(() => {
    if (freshCount > 0) announce(t('list.announceFresh', { count: freshCount }));
  }, [freshCount]);
}
