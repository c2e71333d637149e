import { QueryCache, QueryClient, type DefaultOptions, type Query } from '@tanstack/react-query';
import { describeError, isApiError } from '../api/errors';
import { t, type MessageId } from '../i18n/translate';
import { retryDelay, shouldRetry } from '../api/retry';

export interface QueryErrorHandlers {
  onUnauthorized: () => void;
  onBackgroundError: (message: string) => void;
}

/**
 * Loaded pages are never refetched wholesale (no refetch on focus, reconnect or
 * staleness): freshness comes from polling the first page (see the list's
 * freshness check), so the agent's place never jumps.
 */
export type QueryDefaults = DefaultOptions['queries'];

export function createQueryClient(
  handlers: QueryErrorHandlers,
  overrides: QueryDefaults = {},
): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query: Query<unknown, unknown, unknown>) => {
        if (isApiError(error) && error.isUnauthorized) {
          handlers.onUnauthorized();
          return;
        }
        // A message with a {reason} placeholder: the failure's own description goes in it.
        const label = query.meta?.backgroundErrorMessage;
        if (typeof label === 'string' && query.state.data !== undefined) {
          handlers.onBackgroundError(t(label as MessageId, { reason: describeError(error) }));
        }
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: Infinity,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        ...overrides,
      },
    },
  });
}
