import type { PagingStop } from './paging';
import type { KeepLooking } from './use-keep-looking';

interface FindStatusProps {
  /** The query as typed. */
  text: string;
  /** The loaded rows that match, and all the loaded rows. */
  matched: number;
  loaded: number;
  /** The one id the query pins (`#n`), if any. */
  exactId: number | undefined;
  hasNextPage: boolean;
  stop: PagingStop | undefined;
  keepLooking: KeepLooking;
}

const count = (n: number) => n.toLocaleString();

function outcomeText(
  { keepLooking, loaded, exactId, stop }: FindStatusProps,
  plural: string,
): string {
  if (keepLooking.running) return `Looked through ${count(loaded)} conversations…`;
  switch (keepLooking.outcome) {
    case 'found':
      return exactId === undefined ? '' : `Found #${exactId}.`;
    case 'cancelled':
      return `Stopped after looking through ${count(loaded)} conversations.`;
    case 'end':
      if (stop !== 'end') {
        return `Stopped after ${count(loaded)} conversations: the list cannot be paged further.`;
      }
      return exactId === undefined
        ? `Looked through all ${count(loaded)} ${plural} of this filter.`
        : `#${exactId} was not found in the ${count(loaded)} ${plural} of this filter.`;
    default:
      return '';
  }
}

/**
 * Under the finder, above the narrowed list: how many loaded conversations match, and Keep
 * looking, which pages on through the filter's list (with its count and Cancel) and says how it
 * ended.
 */
export function FindStatus(props: FindStatusProps) {
  const { text, matched, loaded, hasNextPage, keepLooking } = props;
  const plural = loaded === 1 ? 'conversation' : 'conversations';
  const line = `${count(matched)} of ${count(loaded)} loaded ${plural} ${matched === 1 ? 'matches' : 'match'}.`;
  const outcome = outcomeText(props, plural);
  return (
    <div className="find-status">
      <p role="status">
        {line} {outcome}
      </p>
      {matched === 0 && !keepLooking.running ? (
        <p className="find-empty">
          No loaded conversation matches “{text}”.
          {hasNextPage ? ' Keep looking pages on through this filter.' : ''}
        </p>
      ) : null}
      {keepLooking.outcome === 'failed' ? (
        <div role="alert" className="alert">
          Keep looking stopped: the next conversations could not be loaded. Every row found so far
          stays.{' '}
          <button type="button" onClick={keepLooking.start}>
            Retry
          </button>
        </div>
      ) : null}
      {keepLooking.running ? (
        <button type="button" onClick={keepLooking.cancel}>
          Cancel
        </button>
      ) : hasNextPage && keepLooking.outcome !== 'failed' ? (
        <button type="button" onClick={keepLooking.start}>
          Keep looking
        </button>
      ) : null}
    </div>
  );
}
