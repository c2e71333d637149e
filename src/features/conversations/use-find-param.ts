import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryParams } from '../../lib/use-query-params';
import { FIND_PARAM, setFindParam, setUnreadParam, unreadOnly } from '../../lib/find-params';

/**
 * Typing writes the URL once it pauses this long: replacing the history entry costs Chromium
 * about 20 ms per call with the CPU slowed 4× (a profile of the find bench), more than the
 * narrowing itself, so it is not done per keystroke.
 */
const WRITE_URL_AFTER_MS = 300;

/** The query as typed, read with `useFindText`. */
interface TypedQuery {
  subscribe: (listener: () => void) => () => void;
  read: () => string;
}

export interface FindParam {
  typed: TypedQuery;
  /** Changes the query at once; the URL follows, replacing its history entry. */
  setText: (text: string) => void;
  /** Unread only: the rows that are New to this agent. */
  unread: boolean;
  setUnread: (on: boolean) => void;
}

/** What was typed, and the URL's query it was typed over. */
interface Typed {
  text: string;
  over: string;
}

/**
 * Kept outside React's state, so a keystroke re-renders only what reads the query (the field and
 * the list), not the whole inbox around them: on a slow laptop that render cost more than the
 * narrowing (a profile of the find bench).
 */
function createTypedStore() {
  let typed: Typed | null = null;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    // A new query in the URL (Back, a link, the pane's "Find it in the list") wins over what was
    // typed over an older one.
    textOver: (inUrl: string) => (typed && typed.over === inUrl ? typed.text : inUrl),
    set: (next: Typed) => {
      typed = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The query as typed (the URL's `q`, or what is being typed ahead of it). */
export function useFindText(find: FindParam): string {
  return useSyncExternalStore(find.typed.subscribe, find.typed.read);
}

/**
 * The finder's query lives in the URL, so a reload, Back/Forward and a shared link keep it. What
 * is typed is shown and narrows at once; the URL catches up when typing pauses (or at once when
 * the field is cleared), in the entry being shown, so typing adds no history entries.
 */
export function useFindParam(): FindParam {
  const [searchParams, setSearchParams] = useQueryParams();
  const inUrl = searchParams.get(FIND_PARAM) ?? '';
  const [store] = useState(createTypedStore);
  const typed = useMemo(
    () => ({ subscribe: store.subscribe, read: () => store.textOver(inUrl) }),
    [store, inUrl],
  );

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const setText = useCallback(
    (next: string) => {
      store.set({ text: next, over: inUrl });
      clearTimeout(timer.current);
      const over = inUrl;
      // A write that waited starts from the query as it is then (a status box may have changed it
      // meanwhile): useQueryParams' setter reads the query last navigated to.
      const write = () =>
        setSearchParams(
          // The URL moved on meanwhile (Back, a link with its own query): that query stays.
          (current) =>
            (current.get(FIND_PARAM) ?? '') === over ? setFindParam(current, next) : current,
          { replace: true },
        );
      if (next === '') write();
      else timer.current = setTimeout(write, WRITE_URL_AFTER_MS);
    },
    [store, inUrl, setSearchParams],
  );
  const setUnread = useCallback(
    (on: boolean) => setSearchParams((current) => setUnreadParam(current, on)),
    [setSearchParams],
  );
  const unread = unreadOnly(searchParams);
  return useMemo(
    () => ({ typed, setText, unread, setUnread }),
    [typed, setText, unread, setUnread],
  );
}
