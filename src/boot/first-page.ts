import {
  fetchConversationPage,
  MAX_PAGE_SIZE,
  type ConversationListParams,
} from '../api/conversations';
import type { ServiceSession } from '../api/http';
import type { ConversationPage } from '../api/schemas';
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
 * The list's first page, requested at start-up while the UI code is still on its way, under the
 * list's own timeout (`listTimeoutMs`). config.json is preloaded by index.html, so waiting for it
 * costs next to nothing; a config that cannot be read leaves the default timeout (the app then
 * stops with the config's error anyway).
 */
async function requestFirstPage(
  session: ServiceSession,
  params: ConversationListParams,
  config: Promise<AppConfig>,
  whileWaiting: () => void,
): Promise<ConversationPage> {
  const { listTimeoutMs } = await config.catch(() => DEFAULT_CONFIG);
  const request = fetchConversationPage(session, params, undefined, { timeoutMs: listTimeoutMs });
  whileWaiting();
  return request;
}

/**
 * The start-up request for the list these filters show, as the app takes it over. `whileWaiting`
 * runs once the request is out (not before: the request waits for config.json's promise, so work
 * done synchronously at start-up would go first and hold the request back).
 */
export function startFirstPage(
  session: ServiceSession,
  search: string,
  config: Promise<AppConfig>,
  whileWaiting: () => void = () => undefined,
): NonNullable<HandOver['firstPage']> {
  const params = listParamsFor(search);
  const firstPage: NonNullable<HandOver['firstPage']> = {
    session,
    params,
    request: requestFirstPage(session, params, config, whileWaiting),
    arrived: undefined,
  };
  // A failure reaches the list when it takes the request over; until then it is not unhandled.
  firstPage.request.then(
    (page) => (firstPage.arrived = page),
    () => undefined,
  );
  return firstPage;
}
