import { useEffect, useState } from 'react';

/** How a search through further pages ended. */
export type KeepLookingOutcome = 'found' | 'end' | 'cancelled' | 'failed';

/** The list's query, as far as paging on goes. */
export interface Paging {
  /** The first page is in (the query may since have failed a next page). */
  ready: boolean;
  /** When the last page landed: each landing asks for the next. */
  dataUpdatedAt: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  /** When the last failure was recorded: a failure from before the search does not stop it. */
  errorUpdatedAt: number;
  fetchNextPage: (options: { cancelRefetch: boolean }) => unknown;
}

interface State {
  running: boolean;
  outcome: KeepLookingOutcome | undefined;
  /** `errorUpdatedAt` when the search started. */
  since: number;
}

export interface KeepLooking {
  running: boolean;
  outcome: KeepLookingOutcome | undefined;
  start: () => void;
  cancel: () => void;
  /** Forgets how the last search ended (the query changed). */
  reset: () => void;
}

/**
 * "Keep looking": pages on through the list's own query (fetchNextPage, so the one retry policy,
 * Retry-After included, applies to every page) until `found` holds, the list ends, a page fails
 * (the list keeps every row and offers Retry) or the agent cancels. A page already on its way
 * when it stops still lands: nothing is thrown away.
 */
export function useKeepLooking(list: Paging, found: boolean): KeepLooking {
  const [state, setState] = useState<State>({ running: false, outcome: undefined, since: 0 });
  const failedNow =
    list.isFetchNextPageError && !list.isFetchingNextPage && list.errorUpdatedAt > state.since;
  const ended = list.ready && !list.hasNextPage && !list.isFetchingNextPage;
  let stop: KeepLookingOutcome | undefined;
  if (state.running) stop = found ? 'found' : failedNow ? 'failed' : ended ? 'end' : undefined;
  // Decided while rendering, so the render that sees the end already says so.
  if (stop) setState({ ...state, running: false, outcome: stop });

  const { ready, isFetchingNextPage, hasNextPage, fetchNextPage, dataUpdatedAt } = list;
  const next = state.running && !stop && ready && hasNextPage && !isFetchingNextPage;
  useEffect(() => {
    if (next) void fetchNextPage({ cancelRefetch: false });
  }, [next, fetchNextPage, dataUpdatedAt]);

  return {
    running: state.running && !stop,
    outcome: stop ?? state.outcome,
    start: () => setState({ running: true, outcome: undefined, since: list.errorUpdatedAt }),
    cancel: () => setState({ ...state, running: false, outcome: 'cancelled' }),
    reset: () => setState({ ...state, running: false, outcome: undefined }),
  };
}
