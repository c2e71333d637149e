import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FIND_PARAM, setFindParam, setUnreadParam, unreadOnly } from '../../lib/find-params';

/**
 * Typing writes the URL once it pauses this long: replacing the history entry costs Chromium
 * about 20 ms per call with the CPU slowed 4× (a profile of the find bench), more than the
 * narrowing itself, so it is not done per keystroke.
 */
const WRITE_URL_AFTER_MS = 300;

export interface FindParam {
  /** The query as typed (the URL's `q`, or what is being typed ahead of it). */
  text: string;
  /** Changes the query at once; the URL follows, replacing its history entry. */
  setText: (text: string) => void;
  /** Unread only: the rows that are New to this agent. */
  unread: boolean;
  setUnread: (on: boolean) => void;
}

/**
 * The finder's query lives in the URL, so a reload, Back/Forward and a shared link keep it. What
 * is typed is shown and narrows at once; the URL catches up when typing pauses (or at once when
 * the field is cleared), in the entry being shown, so typing adds no history entries.
 */
export function useFindParam(): FindParam {
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = searchParams.get(FIND_PARAM) ?? '';
  // What was typed, and the URL's query it was typed over: a new query in the URL (Back, a
  // link, the pane's "Find it in the list") wins over it.
  const [typed, setTyped] = useState<{ text: string; over: string } | null>(null);
  const text = typed && typed.over === inUrl ? typed.text : inUrl;

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A write that waited reads the parameters as they are then (a status box may have changed
  // them meanwhile): the router's setter reads those it was made with.
  const latestSet = useRef(setSearchParams);
  useEffect(() => {
    latestSet.current = setSearchParams;
  }, [setSearchParams]);
  const setText = useCallback(
    (next: string) => {
      setTyped({ text: next, over: inUrl });
      clearTimeout(timer.current);
      const over = inUrl;
      const write = () =>
        latestSet.current(
          // The URL moved on meanwhile (Back, a link with its own query): that query stays.
          (current) =>
            (current.get(FIND_PARAM) ?? '') === over ? setFindParam(current, next) : current,
          { replace: true },
        );
      if (next === '') write();
      else timer.current = setTimeout(write, WRITE_URL_AFTER_MS);
    },
    [inUrl],
  );
  const setUnread = useCallback(
    (on: boolean) => setSearchParams((current) => setUnreadParam(current, on)),
    [setSearchParams],
  );
  return { text, setText, unread: unreadOnly(searchParams), setUnread };
}
