import { notifyManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { findCachedConversationsOfContact } from '../../api/cached-contact-conversations';
import type { Conversation } from '../../api/schemas';

function sameRows(a: readonly Conversation[], b: readonly Conversation[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (row, i) =>
        row.id === b[i]!.id && row.status === b[i]!.status && row.updatedAt === b[i]!.updatedAt,
    )
  );
}

/** A snapshot reader for useSyncExternalStore: the same rows read again give the same array. */
function contactReader(
  queryClient: QueryClient,
  contactId: number,
  exceptId: number,
): () => Conversation[] {
  let last: Conversation[] = [];
  return () => {
    const next = findCachedConversationsOfContact(queryClient, contactId).filter(
      ({ id }) => id !== exceptId,
    );
    if (!sameRows(next, last)) last = next;
    return last;
  };
}

/**
 * The other conversations of a contact that the lists have loaded (newest first), updating as
 * list pages arrive; no request. The same rows read again give the same array, so a cache event
 * that changed nothing here does not render the section again.
 */
export function useContactConversations(contactId: number, exceptId: number): Conversation[] {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    // Cache events can fire while another component renders; deliver them outside render.
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange)),
    [queryClient],
  );
  const read = useMemo(
    () => contactReader(queryClient, contactId, exceptId),
    [queryClient, contactId, exceptId],
  );
  return useSyncExternalStore(subscribe, read, read);
}
