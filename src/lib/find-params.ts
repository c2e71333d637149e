/*
 * The finder's URL parameters, beside the status filter's (status-params.ts): read by the list, the
 * first paint and the pane's links, so a reload, Back/Forward and a shared link keep the search.
 */

/** The finder's query: `?q=contact:871`. */
export const FIND_PARAM = 'q';

/** Unread only: `?unread=1`; any other value, or none, is off. */
export const UNREAD_PARAM = 'unread';

/** Whether the query string asks for Unread only. */
export function unreadOnly(params: URLSearchParams): boolean {
  return params.get(UNREAD_PARAM) === '1';
}

/** The query string with Unread only switched on or off. */
export function setUnreadParam(current: URLSearchParams, on: boolean): URLSearchParams {
  const next = new URLSearchParams(current);
  if (on) next.set(UNREAD_PARAM, '1');
  else next.delete(UNREAD_PARAM);
  return next;
}

/** The query string with the finder's query set, or removed when empty. */
export function setFindParam(current: URLSearchParams, query: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (query === '') next.delete(FIND_PARAM);
  else next.set(FIND_PARAM, query);
  return next;
}
