import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseFindQuery, type FindQuery } from './find-query';

/** The URL parameter holding the finder's query, beside the status filter's. */
export const FIND_PARAM = 'q';

export interface FindParam {
  /** The query as typed (the URL's `q`). */
  text: string;
  query: FindQuery;
  /** Replaces the query in the URL: replacing the history entry, so typing adds no entries. */
  setText: (text: string) => void;
}

/** The finder's query lives in the URL, so a reload, Back/Forward and a shared link keep it. */
export function useFindParam(): FindParam {
  const [searchParams, setSearchParams] = useSearchParams();
  const text = searchParams.get(FIND_PARAM) ?? '';
  // "today" is read when the query changes; a query kept open past midnight keeps its day.
  const query = useMemo(() => parseFindQuery(text, new Date().getTime()), [text]);
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
  return { text, query, setText };
}
