import { getJson, type RequestOptions, type ServiceSession } from './http';
import { conversationPageSchema, type ConversationPage } from './schemas';

export const LIST_PATH = '/conversations/list';
/** The interface's maximum; the fewest requests for a given number of rows. */
export const MAX_PAGE_SIZE = 50;
/** The query parameter a page's cursor (the previous page's `pagination.next`) goes in. */
const CURSOR_PARAM = 'next';

export interface ConversationListParams {
  /** 1 OPEN, 2 CLOSED, 3 PENDING; empty means every status. */
  statusIds: readonly number[];
  limit: number;
}

export interface PageOptions extends Omit<RequestOptions, 'page'> {
  /** The page after this one will be asked for as soon as it lands (the agent follows the end). */
  nextWanted?: boolean | undefined;
}

/** One page of `GET /conversations/list`; `next` is passed back exactly as the service sent it. */
export function fetchConversationPage(
  session: ServiceSession,
  { statusIds, limit }: ConversationListParams,
  next: string | undefined,
  { nextWanted, ...options }: PageOptions = {},
): Promise<ConversationPage> {
  return getJson(
    session,
    LIST_PATH,
    { limit, [CURSOR_PARAM]: next, statusId: [...statusIds].sort((a, b) => a - b) },
    conversationPageSchema,
    { ...options, page: { cursorParam: CURSOR_PARAM, nextWanted: nextWanted === true } },
  );
}
