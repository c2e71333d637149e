import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

type QueryUpdate = (current: URLSearchParams) => URLSearchParams;

/**
 * The page's query parameters, and a setter that navigates to the ones an update derives from
 * them (in a new history entry unless `replace`). What React Router's useSearchParams does for
 * the app's two callers, without its init forms and the helpers they bring into the first load.
 */
export function useQueryParams(): [
  URLSearchParams,
  (update: QueryUpdate, options?: { replace?: boolean }) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // An update starts from the query last navigated to, not the one drawn: a second status box
  // checked while the first change still renders (a transition, on a slow CPU) kept only itself.
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  }, [search]);
  const setParams = useCallback(
    (update: QueryUpdate, options?: { replace?: boolean }) => {
      latest.current = `?${update(new URLSearchParams(latest.current)).toString()}`;
      void navigate(latest.current, options);
    },
    [navigate],
  );
  return [params, setParams];
}
