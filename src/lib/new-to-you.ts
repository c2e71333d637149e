import { useMemo, useSyncExternalStore } from 'react';
import type { Conversation } from '../api/schemas';
import { useSessionContext } from './session-context';
import { isNewIn, readMarks, subscribeMarks } from './seen-marks';

/*
 * "New to you" for React: a conversation is New when its updatedAt is later than when this agent
 * last opened it on this browser. The store, without React so the first paint can use it, is
 * seen-marks.ts (forgetMarks, subscribeMarks); recordOpened and markUnread are in record-seen.ts.
 */
const never = () => false;

/**
 * Whether a conversation is New to the signed-in agent; re-renders when the marks change in this
 * tab or another, and the predicate changes only then.
 */
export function useIsNewToYou(): (conversation: Conversation) => boolean {
  const serviceUrl = useSessionContext().session?.serviceUrl;
  const marks = useSyncExternalStore(subscribeMarks, () =>
    serviceUrl === undefined ? null : readMarks(serviceUrl),
  );
  return useMemo(
    () => (marks ? (conversation: Conversation) => isNewIn(marks, conversation) : never),
    [marks],
  );
}
