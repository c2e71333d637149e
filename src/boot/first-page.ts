import {
  fetchConversationPage,
  MAX_PAGE_SIZE,
  type ConversationListParams,
} from '../api/conversations';
import type { ServiceSession } from '../api/http';
import type { HandOver } from '../lib/hand-over';
import { DEFAULT_CONFIG, type AppConfig } from '../lib/config';
import type { StatusId } from '../lib/status';
import { parseStatusParams, STATUS_PARAM } from '../lib/status-params';

/** The list's parameters for the filters in this query string, as the list builds them. */
function listParamsFor(
  search: string,
): ConversationListParams & { statusIds: readonly StatusId[] } {
  const { statusIds } = parseStatusParams(new URLSearchParams(search).getAll(STATUS_PARAM));
  return { statusIds, limit: MAX_PAGE_SIZE };
}

/**
 * The start-up request for the list these filters show, as the app takes it over. It goes out at
 * once, under the list's own timeout (`listTimeoutMs`), counted from now: config.json, where that
 * limit is read, is not waited for (preloaded as it is, waiting for it held the request back by
 * about 80 ms at CPU 4×). A config that cannot be read leaves the default limit (the app then
 * stops with the config's error anyway).
 */
export function startFirstPage(
  session: ServiceSession,
  search: string,
  config: Promise<AppConfig>,
): NonNullable<HandOver['firstPage']> {
  const params = listParamsFor(search);
  const timeoutMs = config.then(
    ({ listTimeoutMs }) => listTimeoutMs,
    () => DEFAULT_CONFIG.listTimeoutMs,
  );
  const firstPage: NonNullable<HandOver['firstPage']> = {
    session,
    params,
    request: fetchConversationPage(session, params, undefined, { timeoutMs }),
    arrived: undefined,
  };
  // A failure reaches the list when it takes the request over; until then it is not unhandled.
  firstPage.request.then(
    (page) => (firstPage.arrived = page),
    () => undefined,
  );
  return firstPage;
}
