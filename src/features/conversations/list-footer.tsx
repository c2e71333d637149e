import type { ApiError } from '../../api/errors';
import { useTranslation } from '../../i18n/use-translation';
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
  const { t } = useTranslation();
  const count = loadedCount;
  if (nextPageError && !isFetchingNextPage) {
    return (
      <div className="list-footer">
        <ErrorAlert
          title={t('list.nextFailed')}
          error={nextPageError}
          hint={timeoutHint(nextPageError)}
          onRetry={onLoadMore}
        />
      </div>
    );
  }
  if (isFetchingNextPage || hasNextPage) {
    // One button, saying it is loading meanwhile: focus on it stays there (a keyboard user who
    // tabbed to it, which scrolls the end into view and pages on, kept no focus on a plain text).
    return (
      <div className="list-footer">
        <button
          type="button"
          aria-disabled={isFetchingNextPage || undefined}
          onClick={isFetchingNextPage ? undefined : onLoadMore}
        >
          {t(isFetchingNextPage ? 'list.loadingMore' : 'list.loadMore')}
        </button>
      </div>
    );
  }
  if (stop === 'repeated-cursor') {
    return (
      <div className="list-footer" role="alert">
        {t('list.repeatedCursor', { count })}
      </div>
    );
  }
  if (stop === 'empty-pages') {
    return (
      <div className="list-footer" role="alert">
        {t('list.emptyPages', { count })}
      </div>
    );
  }
  // An empty list shows its empty state instead (see ConversationList).
  if (stop === 'end' && loadedCount > 0) {
    return <div className="list-footer">{t('list.allLoaded', { count })}</div>;
  }
  return null;
}
