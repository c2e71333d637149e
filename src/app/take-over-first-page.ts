import type { QueryClient } from '@tanstack/react-query';
import { conversationListOptions } from '../features/conversations';
import type { HandOver } from '../lib/hand-over';

/**
 * The list's first page was requested at start-up (src/boot/first-page.ts): the query cache takes
 * that request over instead of asking again, so it is still one request per page. A page that
 * has arrived is the list's first render (rows, not a skeleton); one still on its way is the
 * list query's fetch in progress. A failed one is fetched again by the list under its own retry
 * policy when it mounts.
 */
export function takeOverFirstPage(
  client: QueryClient,
  { session, params, request, arrived }: NonNullable<HandOver['firstPage']>,
  timeoutMs: number,
): void {
  const options = conversationListOptions(session, params, timeoutMs);
  if (arrived) {
    client.setQueryData(options.queryKey, { pages: [arrived], pageParams: [undefined] });
  } else {
    // The list shows a failure (and retries) itself once it mounts.
    client
      .infiniteQuery({ ...options, queryFn: () => request, retry: false })
      .catch(() => undefined);
  }
}
