import { fetchConversationPage, type ConversationListParams } from './conversations';
import type { ServiceSession } from './http';
import type { ConversationPage } from './schemas';

/**
 * The first page requested at start-up, before the UI code has loaded (see
 * src/main.ts). The list takes it once instead of asking again, so it is still
 * one request per page.
 */
let pending: {
  key: string;
  page: Promise<ConversationPage>;
  /** Set once the page is here, so the list can start with rows instead of a skeleton. */
  arrived?: ConversationPage;
} | null = null;

function keyOf(session: ServiceSession, params: ConversationListParams): string {
  return JSON.stringify([session.serviceUrl, session.token, params.statusIds, params.limit]);
}

export function prefetchFirstPage(
  session: ServiceSession,
  params: ConversationListParams,
  timeoutMs: number,
  /** Called when the page arrives before the list has asked for it. */
  onArrived?: (page: ConversationPage) => void,
): Promise<ConversationPage> {
  const page = fetchConversationPage(session, params, undefined, { timeoutMs });
  const entry: NonNullable<typeof pending> = { key: keyOf(session, params), page };
  // Failures surface when the list takes the page; until then they are not unhandled.
  page.then(
    (arrived) => {
      entry.arrived = arrived;
      if (pending === entry) onArrived?.(arrived);
    },
    () => undefined,
  );
  pending = entry;
  return page;
}

/** The start-up entry for these filters, taken so no one else gets it. */
function claim(session: ServiceSession, params: ConversationListParams, arrivedOnly: boolean) {
  const entry = pending;
  if (!entry || entry.key !== keyOf(session, params) || (arrivedOnly && !entry.arrived)) {
    return undefined;
  }
  pending = null;
  return entry;
}

/** The start-up page for these filters, once: arrived or on its way. */
export function takePrefetchedFirstPage(
  session: ServiceSession,
  params: ConversationListParams,
): Promise<ConversationPage> | undefined {
  return claim(session, params, false)?.page;
}

/** The start-up page for these filters, once, only if it has already arrived. */
export function takeArrivedFirstPage(
  session: ServiceSession,
  params: ConversationListParams,
): ConversationPage | undefined {
  return claim(session, params, true)?.arrived;
}
