import { setFindParam } from '../../lib/find-params';
import { STATUS_PARAM } from '../../lib/status-params';

/*
 * The addresses the pane links to, built from the current query string so the list beside it
 * keeps its filters. Pure, so the exact URLs are unit-tested.
 */

function withQuery(search: string, query: string): string {
  return `?${setFindParam(new URLSearchParams(search), query).toString()}`;
}

/** Another conversation, with the current filters and search kept. */
export function conversationPath(id: number, search: string): string {
  return `/conversations/${id}${search}`;
}

/**
 * "Find it in the list": this conversation, with the list searched for its number (`q=#n`,
 * encoded `q=%23n`) under the same filters; the router state `{ keepLooking: true }` asks the list
 * to page on until it is found.
 */
export function findInListTarget(id: number, search: string) {
  return {
    to: `/conversations/${id}${withQuery(search, `#${id}`)}`,
    state: { keepLooking: true } as const,
  };
}

/** The list searched for a contact's conversations (`q=contact:c`), the pane left as it is. */
export function contactSearchPath(pathname: string, contactId: number, search: string): string {
  return `${pathname}${withQuery(search, `contact:${contactId}`)}`;
}

/**
 * The link an agent copies to pass a conversation on: absolute, with the status filter only.
 * The filter makes the recipient's list the one that holds the conversation, so its fields load;
 * the agent's own search (`q`) and anything else in the address stay theirs. No token is ever in
 * an address.
 */
export function shareableLink(origin: string, id: number, search: string): string {
  const statuses = new URLSearchParams(search).getAll(STATUS_PARAM);
  const kept = new URLSearchParams(statuses.map((status) => [STATUS_PARAM, status]));
  const query = kept.toString();
  return `${origin}/conversations/${id}${query && `?${query}`}`;
}
