import './find-status.css';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/translate';
import { useTranslation } from '../../i18n/use-translation';
import { ErrorAlert } from '../../ui/error-alert';
import { focusIfLost } from '../../ui/focus-if-lost';
import type { PagingStop } from './paging';
import { quotedList } from './quoted-list';
import { useKeepLooking, type KeepLooking, type Paging } from './use-keep-looking';

interface FindStatusProps {
  /** The query as typed. */
  text: string;
  /** Unread only is on. */
  unread: boolean;
  /** The loaded rows that match, and all the loaded rows. */
  matched: number;
  loaded: number;
  /** The one id the query pins (`#n`), if any. */
  exactId: number | undefined;
  /** The list's query. */
  list: ListQuery;
  /** The list's scroller, where the row a search found is focused. */
  scrollerRef: RefObject<HTMLElement | null>;
}

/** The list's query as far as the finder reads it (use-conversation-list.ts). */
type ListQuery = Omit<Paging, 'ready'> & {
  /** Why the last page failed (the service's message, shown with Retry). */
  error: unknown;
  data:
    { byId: ReadonlyMap<number, unknown>; paging: { stop: PagingStop | undefined } } | undefined;
};

interface ShownProps extends FindStatusProps {
  keepLooking: KeepLooking;
  stop: PagingStop | undefined;
}

/** What the pane's "Find it in the list" puts in the history entry it opens. */
interface KeepLookingState {
  keepLooking?: boolean;
}

function outcomeText({ keepLooking, loaded, exactId, stop }: ShownProps): string {
  const count = loaded;
  if (keepLooking.running) return t('findStatus.lookingThrough', { count });
  switch (keepLooking.outcome) {
    case 'found':
      return exactId === undefined ? '' : t('findStatus.found', { id: `#${exactId}` });
    case 'cancelled':
      return t('findStatus.cancelled', { count });
    case 'end':
      if (stop !== 'end') return t('findStatus.cannotPage', { count });
      return exactId === undefined
        ? t('findStatus.lookedThroughAll', { count })
        : t('findStatus.notFound', { id: `#${exactId}`, count });
    default:
      return '';
  }
}

/**
 * @public (through finder.ts)
 * Under the finder, above the narrowed list: how many loaded conversations match, and Keep
 * looking, which pages on through the filter's list (with its count and Cancel) and says how it
 * ended. Mounted while a query is typed, inside the filter's list: another filter or an emptied
 * field ends a search.
 */
export function FindStatus(props: FindStatusProps) {
  const { text, exactId, list } = props;
  const keepLooking = useKeepLooking(
    { ...list, ready: list.data !== undefined },
    exactId !== undefined && list.data?.byId.has(exactId) === true,
  );
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search } = location;

  // A new query is a new search: how the last one ended no longer applies.
  const [searchedText, setSearchedText] = useState(text);
  if (searchedText !== text) {
    setSearchedText(text);
    if (keepLooking.outcome) keepLooking.reset();
  }
  // The pane's "Find it in the list" opens `?q=%23{n}` with { keepLooking: true }: start once,
  // and drop that state from the entry, so a reload or a return to it does not start again.
  const wanted = !!(location.state as KeepLookingState | null)?.keepLooking;
  const [consumedKey, setConsumedKey] = useState<string | null>(null);
  if (wanted && consumedKey !== location.key) {
    setConsumedKey(location.key);
    keepLooking.start();
  }
  useEffect(() => {
    if (wanted) void navigate(pathname + search, { replace: true, state: null });
  }, [wanted, navigate, pathname, search]);

  return <Shown {...props} keepLooking={keepLooking} stop={list.data?.paging.stop} />;
}

function Shown(props: ShownProps) {
  const { t } = useTranslation();
  const { text, unread, matched, loaded, list, keepLooking, exactId, scrollerRef } = props;
  const { hasNextPage } = list;
  const line = t('findStatus.matched', { matched, loaded });
  const outcome = outcomeText(props);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  // A search that ends can take away the control that started it (the pane's "Find it in the
  // list" once the fields are loaded; Cancel when no page is left, or when a page failed): the
  // focus goes to the row it found, to Retry when it failed, else to the line that says how it
  // ended.
  const ended = keepLooking.outcome;
  useEffect(() => {
    if (!ended) return;
    const row =
      ended === 'found'
        ? scrollerRef.current?.querySelector<HTMLElement>(`[data-conversation-id="${exactId}"]`)
        : null;
    focusIfLost(ended === 'failed' ? retryRef.current : (row ?? statusRef.current));
  }, [ended, exactId, scrollerRef]);
  return (
    <div className="find-status">
      <p role="status" ref={statusRef}>
        {outcome ? `${line} ${outcome}` : line}
      </p>
      {matched === 0 && !keepLooking.running ? (
        <p className="find-empty">
          {text === ''
            ? t('findStatus.noneNew')
            : t(unread ? 'findStatus.noNewMatch' : 'findStatus.noMatch', {
                query: quotedList([text]),
              })}
          {hasNextPage ? ` ${t('findStatus.keepLookingHint')}` : ''}
        </p>
      ) : null}
      {keepLooking.outcome === 'failed' ? (
        <ErrorAlert
          title={t('findStatus.keepLookingFailed')}
          error={list.error}
          onRetry={keepLooking.start}
          retryRef={retryRef}
        />
      ) : null}
      {keepLooking.running ? (
        <button type="button" onClick={keepLooking.cancel}>
          {t('findStatus.cancel')}
        </button>
      ) : hasNextPage && keepLooking.outcome !== 'failed' ? (
        <button type="button" onClick={keepLooking.start}>
          {t('findStatus.keepLooking')}
        </button>
      ) : null}
    </div>
  );
}
