import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { findCachedConversation } from '../../api/query-keys';
import type { Conversation } from '../../api/schemas';

/**
 * The conversation's fields from whichever list loaded it, updating when a list page arrives.
 * The interface has no single-conversation read, so a deep link shows fields only once a list
 * has them; no request is made for them.
 */
export function useCachedConversation(id: number): Conversation | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    // Cache events can fire while another component renders; deliver them outside render.
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange)),
    [queryClient],
  );
  const read = useCallback(() => findCachedConversation(queryClient, id), [queryClient, id]);
  return useSyncExternalStore(subscribe, read, read);
}
