import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The URL parameter holding the finder's query, beside the status filter's. */
const FIND_PARAM = 'q';
/** `unread=1`: only the loaded conversations that are New to this agent. */
const UNREAD_PARAM = 'unread';

export interface FindParam {
  /** The query as typed (the URL's `q`). */
  text: string;
  /** Replaces the query in the URL: replacing the history entry, so typing adds no entries. */
  setText: (text: string) => void;
  /** Unread only: the rows that are New to this agent. */
  unread: boolean;
  setUnread: (on: boolean) => void;
}

/** The finder's query lives in the URL, so a reload, Back/Forward and a shared link keep it. */
export function useFindParam(): FindParam {
  const [searchParams, setSearchParams] = useSearchParams();
  const text = searchParams.get(FIND_PARAM) ?? '';
  const setText = useCallback(
    (next: string) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === '') params.delete(FIND_PARAM);
          else params.set(FIND_PARAM, next);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const setUnread = useCallback(
    (on: boolean) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (on) params.set(UNREAD_PARAM, '1');
        else params.delete(UNREAD_PARAM);
        return params;
      }),
    [setSearchParams],
  );
  return { text, setText, unread: searchParams.get(UNREAD_PARAM) === '1', setUnread };
}
