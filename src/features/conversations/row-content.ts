import type { Conversation } from '../../api/schemas';
import { statusLabel, statusTone } from '../../lib/status';
import { formatExact, formatRelative, toIsoString } from '../../lib/time';

/**
 * Fixed row height, shared by the virtualized list and the first paint (and matched by
 * --row-height in styles.css): the virtualizer never measures, so scrolling stays cheap.
 */
export const ROW_HEIGHT = 64;

/** Everything a conversation row shows, as text: shared by the React row and the first paint. */
export interface RowContent {
  id: string;
  tone: ReturnType<typeof statusTone>;
  status: string;
  contact: string;
  inbox: string;
  /** Machine-readable updatedAt for <time dateTime>. */
  iso: string;
  /** The exact time, shown on hover. */
  exact: string;
  relative: string;
}

export function rowContent(conversation: Conversation, now: number): RowContent {
  const { id, status, contactId, inboxId, updatedAt } = conversation;
  return {
    id: `#${id}`,
    tone: statusTone(status),
    status: statusLabel(status),
    contact: `Contact ${contactId}`,
    inbox: `Inbox ${inboxId}`,
    iso: toIsoString(updatedAt),
    exact: formatExact(updatedAt),
    relative: formatRelative(updatedAt, now),
  };
}
