import { getJson, type RequestOptions, type ServiceSession } from './http';
import { conversationPageSchema, type ConversationPage } from './schemas';

export const LIST_PATH = '/conversations/list';
/** The interface's maximum; the fewest requests for a given number of rows. */
export const MAX_PAGE_SIZE = 50;

export interface ConversationListParams {
  /** 1 OPEN, 2 CLOSED, 3 PENDING; empty means every status. */
  statusIds: readonly number[];
  limit: number;
}

/** One page of `GET /conversations/list`; `next` is passed back exactly as the service sent it. */
export function fetchConversationPage(
  session: ServiceSession,
  { statusIds, limit }: ConversationListParams,
  next: string | undefined,
  options: RequestOptions = {},
): Promise<ConversationPage> {
  return getJson(
    session,
    LIST_PATH,
    { limit, next, statusId: [...statusIds].sort((a, b) => a - b) },
    conversationPageSchema,
    options,
  );
}
