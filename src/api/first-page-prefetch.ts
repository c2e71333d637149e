import { fetchConversationPage, type ConversationListParams } from './conversations';
import type { ServiceSession } from './http';
import type { ConversationPage } from './schemas';

/**
 * The first page requested at start-up, before the UI code has loaded (see
 * src/boot.ts). The list takes it once instead of asking again, so it is still
 * one request per page.
 */
let pending: { key: string; page: Promise<ConversationPage> } | null = null;

function keyOf(session: ServiceSession, params: ConversationListParams): string {
  return JSON.stringify([session.serviceUrl, session.token, params.statusIds, params.limit]);
}

export function prefetchFirstPage(
  session: ServiceSession,
  params: ConversationListParams,
  timeoutMs: number,
): void {
  const page = fetchConversationPage(session, params, undefined, { timeoutMs });
  // Failures surface when the list takes the page; until then they are not unhandled.
  page.catch(() => undefined);
  pending = { key: keyOf(session, params), page };
}

export function takePrefetchedFirstPage(
  session: ServiceSession,
  params: ConversationListParams,
): Promise<ConversationPage> | undefined {
  if (!pending || pending.key !== keyOf(session, params)) return undefined;
  const { page } = pending;
  pending = null;
  return page;
}
