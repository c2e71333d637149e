import { useEffect } from 'react';
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
    if (isFetchingNextPage) announce('Loading more conversations…');
    else if (loaded) announce(`${rowCount} conversations loaded`);
  }, [isFetchingNextPage, loaded, rowCount]);
  useEffect(() => {
    if (freshCount > 0) announce(`${freshCount} new or updated conversations`);
  }, [freshCount]);
}
