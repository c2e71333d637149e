import type { QueryClient } from '@tanstack/react-query';
import { conversationListOptions } from '../features/conversations';
import type { HandOver } from '../lib/hand-over';

/**
 * The list's first page was requested at start-up (src/boot/first-page.ts): the query cache takes
 * that request over instead of asking again, so it is still one request per page. A page that
 * has arrived is the list's first render (rows, not a skeleton); one still on its way is the
 * list query's first attempt.
 */
export function takeOverFirstPage(
  client: QueryClient,
  { session, params, request, arrived }: NonNullable<HandOver['firstPage']>,
  timeoutMs: number,
): void {
  const options = conversationListOptions(session, params, timeoutMs);
  const fetchPage = options.queryFn!;
  if (arrived) {
    client.setQueryData(options.queryKey, { pages: [arrived], pageParams: [undefined] });
    return;
  }
  // A retry (the app's one retry policy, Retry-After included) asks the service again. An
  // imperative fetch does not retry unless told to: this one is the list's own, so it does.
  const { retry, retryDelay } = client.getDefaultOptions().queries ?? {};
  let taken = false;
  client
    .infiniteQuery({
      ...options,
      retry,
      retryDelay,
      queryFn: (context) => {
        if (taken) return fetchPage(context);
        taken = true;
        return request;
      },
    })
    // The list shows the outcome.
    .catch(() => undefined);
}
