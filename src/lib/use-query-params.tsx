import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

type QueryUpdate = (current: URLSearchParams) => URLSearchParams;

/**
 * The query last navigated to, one for everything under the router that changes the query (the
 * status filter, the finder). A change renders in a transition, which on a slow CPU is still
 * rendering when the next comes: started from the query drawn, a second status box (or Unread
 * only) dropped the first.
 */
const LatestQuery = createContext<RefObject<string> | null>(null);

/** Set on each change of the query; back to the query drawn whenever a location is drawn. */
export function LatestQueryProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const latest = useRef(location.search);
  // Any location drawn (a row opened, Back) is where the next change starts from, even one whose
  // query is the one drawn before: what a change made meanwhile had asked for was left behind.
  useEffect(() => {
    latest.current = location.search;
  }, [location]);
  return <LatestQuery value={latest}>{children}</LatestQuery>;
}

/**
 * The page's query parameters, and a setter that navigates to the ones an update derives from
 * the query last navigated to (in a new history entry unless `replace`). Like React Router's
 * useSearchParams, without its init forms and the helpers they bring into the first load.
 */
export function useQueryParams(): [
  URLSearchParams,
  (update: QueryUpdate, options?: { replace?: boolean }) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const latestRef = useContext(LatestQuery);
  if (!latestRef) throw new Error('useQueryParams needs a LatestQueryProvider around it.');
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (update: QueryUpdate, options?: { replace?: boolean }) => {
      latestRef.current = `?${update(new URLSearchParams(latestRef.current)).toString()}`;
      void navigate(latestRef.current, options);
    },
    [latestRef, navigate],
  );
  return [params, setParams];
}
