import type { QueryClient } from '@tanstack/react-query';
import { forEachCachedConversation } from './query-keys';
import type { Conversation } from './schemas';

/*
 * The sibling of findCachedConversation (query-keys.ts) for a contact, in a module of its own so
 * that it loads with the pane, which alone reads it, and not with the first screen.
 */

/**
 * Every conversation of one contact that any list in the cache has loaded, one copy each (the
 * newest), most recently updated first. Read from the cache only: the interface cannot ask for a
 * contact's conversations, so this is what the lists have brought so far.
 */
export function findCachedConversationsOfContact(
  queryClient: QueryClient,
  contactId: number,
): Conversation[] {
  const found = new Map<number, Conversation>();
  forEachCachedConversation(queryClient, (item) => {
    const known = found.get(item.id);
    if (item.contactId === contactId && (!known || item.updatedAt > known.updatedAt)) {
      found.set(item.id, item);
    }
  });
  return [...found.values()].sort((a, b) => b.updatedAt - a.updatedAt);
}
