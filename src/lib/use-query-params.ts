import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate } from 'react-router-dom';

type QueryUpdate = (current: URLSearchParams) => URLSearchParams;

/**
 * The page's query parameters, and a setter that navigates to the ones an update derives from the
 * query last navigated to (in a new history entry unless `replace`). Like React Router's
 * useSearchParams, without its init forms and the helpers they bring into the first load.
 */
export function useQueryParams(): [
  URLSearchParams,
  (update: QueryUpdate, options?: { replace?: boolean }) => void,
] {
  const drawn = useLocation();
  const { search } = drawn;
  const navigate = useNavigate();
  // The router's history: its location is the one last navigated to, where the location drawn
  // may be an earlier one still. A change renders in a transition, which on a slow CPU still
  // renders when the next comes: started from the drawn query, a second status box (or Unread
  // only) dropped the first. And the finder's write, made when typing pauses, goes to the address
  // shown then, which a row opened or a pane closed meanwhile has changed.
  const history = useContext(UNSAFE_NavigationContext).navigator as unknown as {
    location?: { pathname: string; search: string };
  };
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (update: QueryUpdate, options?: { replace?: boolean }) => {
      const { pathname, search: last } = history.location ?? drawn;
      const next = `?${update(new URLSearchParams(last)).toString()}`;
      if (next !== `?${new URLSearchParams(last).toString()}`)
        void navigate({ pathname, search: next }, options);
    },
    [history, drawn, navigate],
  );
  return [params, setParams];
}
