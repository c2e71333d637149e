import type { ApiError } from '../../api/errors';
import { ErrorAlert } from '../../ui/error-alert';
import type { PagingStop } from './paging';
import { timeoutHint } from './timeout-hint';

interface ListFooterProps {
  loadedCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageError: ApiError | Error | null;
  stop: PagingStop | undefined;
  onLoadMore: () => void;
}

/** The end of the list: loading, Load more, an inline Retry, or how it ended. */
export function ListFooter({
  loadedCount,
  hasNextPage,
  isFetchingNextPage,
  nextPageError,
  stop,
  onLoadMore,
}: ListFooterProps) {
  if (nextPageError && !isFetchingNextPage) {
    return (
      <div className="list-footer">
        <ErrorAlert
          title="The next conversations could not be loaded."
          error={nextPageError}
          hint={timeoutHint(nextPageError)}
          onRetry={onLoadMore}
        />
      </div>
    );
  }
  if (isFetchingNextPage) {
    return (
      <div className="list-footer" aria-busy="true">
        Loading more conversations…
      </div>
    );
  }
  if (hasNextPage) {
    return (
      <div className="list-footer">
        <button type="button" onClick={onLoadMore}>
          Load more
        </button>
      </div>
    );
  }
  if (stop === 'repeated-cursor') {
    return (
      <div className="list-footer" role="alert">
        Paging stopped: the service sent a page cursor it had already sent, so continuing would
        loop. {loadedCount.toLocaleString()} conversations are shown.
      </div>
    );
  }
  if (stop === 'empty-pages') {
    return (
      <div className="list-footer" role="alert">
        Paging stopped: the service kept sending empty pages. {loadedCount.toLocaleString()}{' '}
        conversations are shown.
      </div>
    );
  }
  // An empty list shows its empty state instead (see ConversationList).
  if (stop === 'end' && loadedCount > 0) {
    return (
      <div className="list-footer">{`All ${loadedCount.toLocaleString()} conversations loaded`}</div>
    );
  }
  return null;
}
